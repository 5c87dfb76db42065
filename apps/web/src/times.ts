/**
 * When a message was sent, and where a day begins, as the page shows it: pure, no DOM (unit-tested in
 * Node with a fixed "now"). Days are calendar days where the reader is (or in `timeZone`), not 24-hour spans.
 */
export interface TimeOptions {
  /** The reader's locale; the browser's when left out. */
  readonly locale?: Intl.LocalesArgument;
  /** An IANA zone; the reader's own when left out. */
  readonly timeZone?: string;
}

export interface TimeLabel {
  /** Short: "14:03" today, "Yesterday 14:03", "Mon 3 Nov 14:03" this year, "3 Nov 2025 14:03" before. */
  readonly text: string;
  /** The full date and time, for a tooltip. */
  readonly title: string;
}

const DAY_MS = 86_400_000;

/** One formatter a zone: making one costs far more than using it, and every message shown asks for its day. */
const dayFormats = new Map<string | undefined, Intl.DateTimeFormat>();
function dayFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) dayFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })));
  return format;
}

/** The calendar day `date` falls on in the zone, as a count of days (comparable, subtractable). */
function dayNumber(date: Date, options: TimeOptions): number {
  const parts = dayFormat(options.timeZone).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS;
}

const yearOf = (date: Date, options: TimeOptions) => new Intl.DateTimeFormat('en-US', { timeZone: options.timeZone, year: 'numeric' }).format(date);

export function timeLabel(when: Date, now: Date, options: TimeOptions = {}): TimeLabel {
  const format = (fields: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(options.locale, { timeZone: options.timeZone, ...fields }).format(when);
  const time = format({ hour: '2-digit', minute: '2-digit' });
  const title = format({ dateStyle: 'full', timeStyle: 'short' });
  const daysAgo = dayNumber(now, options) - dayNumber(when, options);
  if (daysAgo === 0) return { text: time, title };
  if (daysAgo === 1) return { text: `Yesterday ${time}`, title };
  const date =
    yearOf(when, options) === yearOf(now, options)
      ? format({ weekday: 'short', day: 'numeric', month: 'short' })
      : format({ day: 'numeric', month: 'short', year: 'numeric' });
  return { text: `${date} ${time}`, title };
}

/** What a day separator says: "Today", "Yesterday", else the full date in the reader's way ("Monday 2 November 2026"). */
export function dayLabel(when: Date, now: Date, options: TimeOptions = {}): string {
  const daysAgo = dayNumber(now, options) - dayNumber(when, options);
  if (daysAgo === 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  return new Intl.DateTimeFormat(options.locale, { timeZone: options.timeZone, dateStyle: 'full' }).format(when);
}

/** The ids of the messages (oldest first) that begin a day where the reader is: the first, and each sent on another day than the one before it. */
export function dayStarts(messages: readonly { readonly id: string; readonly createdAt: string }[], options: TimeOptions = {}): Set<string> {
  const starts = new Set<string>();
  let previous: number | undefined;
  for (const { id, createdAt } of messages) {
    const day = dayNumber(new Date(createdAt), options);
    if (day !== previous) starts.add(id);
    previous = day;
  }
  return starts;
}
