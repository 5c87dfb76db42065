import { dayLabel, dayStarts, timeLabel } from '../src/times.js';

const inLondon = { locale: 'en-GB', timeZone: 'Europe/London' };
// Wednesday 25 November 2026, 16:30 in London (UTC+0 in winter).
const now = new Date('2026-11-25T16:30:00Z');

describe('when a message was sent, as the page says it', () => {
  it('gives only the time for a message of today', () => {
    const label = timeLabel(new Date('2026-11-25T14:03:00Z'), now, inLondon);
    expect(label.text).toBe('14:03');
    // (ICU versions differ on the comma.)
    expect(label.title).toMatch(/^Wednesday,? 25 November 2026 at 14:03$/);
    expect(timeLabel(new Date('2026-11-25T00:00:00Z'), now, inLondon).text).toBe('00:00');
  });

  it('says "Yesterday" for the calendar day before, however few hours ago', () => {
    expect(timeLabel(new Date('2026-11-24T23:59:00Z'), now, inLondon).text).toBe('Yesterday 23:59');
    const label = timeLabel(new Date('2026-11-24T00:01:00Z'), now, inLondon);
    expect(label.text).toBe('Yesterday 00:01');
    expect(label.title).toMatch(/^Tuesday,? 24 November 2026 at 00:01$/);
  });

  it('gives the weekday and date for older days of this year, and the year for earlier years', () => {
    expect(timeLabel(new Date('2026-11-02T09:15:00Z'), now, inLondon).text).toBe('Mon 2 Nov 09:15');
    expect(timeLabel(new Date('2026-01-01T12:00:00Z'), now, inLondon).text).toBe('Thu 1 Jan 12:00');
    const label = timeLabel(new Date('2025-12-31T23:00:00Z'), now, inLondon);
    expect(label.text).toBe('31 Dec 2025 23:00');
    expect(label.title).toMatch(/^Wednesday,? 31 December 2025 at 23:00$/);
  });

  it('counts days where the reader is, not in UTC', () => {
    // 02:00 UTC on the 25th is still the evening of the 24th in New York (UTC-5), where it is now 11:30 on the 25th.
    const early = new Date('2026-11-25T02:00:00Z');
    expect(timeLabel(early, now, inLondon).text).toBe('02:00');
    expect(timeLabel(early, now, { locale: 'en-GB', timeZone: 'America/New_York' }).text).toBe('Yesterday 21:00');
  });

  it("writes the date and time the reader's way", () => {
    expect(timeLabel(new Date('2026-11-02T21:15:00Z'), now, { locale: 'en-US', timeZone: 'UTC' }).text).toBe('Mon, Nov 2 09:15 PM');
    expect(timeLabel(new Date('2026-11-02T21:15:00Z'), now, { locale: 'de-DE', timeZone: 'UTC' }).text).toBe('Mo., 2. Nov. 21:15');
  });

  it('shows a message from a clock that runs ahead as its date, never as "Yesterday"', () => {
    expect(timeLabel(new Date('2026-11-26T08:00:00Z'), now, inLondon).text).toBe('Thu 26 Nov 08:00');
  });
});

describe('where a day begins in the list, and what its separator says', () => {
  it('says "Today", "Yesterday", then the full date, by calendar days where the reader is', () => {
    expect(dayLabel(new Date('2026-11-25T00:10:00Z'), now, inLondon)).toBe('Today');
    expect(dayLabel(new Date('2026-11-24T23:59:00Z'), now, inLondon)).toBe('Yesterday');
    // (ICU versions differ on the comma.)
    expect(dayLabel(new Date('2026-11-02T09:15:00Z'), now, inLondon)).toMatch(/^Monday,? 2 November 2026$/);
    expect(dayLabel(new Date('2026-11-25T02:00:00Z'), now, { locale: 'en-GB', timeZone: 'America/New_York' })).toBe('Yesterday');
    expect(dayLabel(new Date('2026-11-02T09:15:00Z'), now, { locale: 'de-DE', timeZone: 'UTC' })).toBe('Montag, 2. November 2026');
  });

  it('starts a day at the first message and at each one sent on another day than the one before', () => {
    const sent = (id: string, createdAt: string) => ({ id, createdAt });
    const list = [
      sent('1', '2026-11-23T10:00:00Z'),
      sent('2', '2026-11-23T23:30:00Z'),
      sent('3', '2026-11-24T00:30:00Z'),
      sent('4', '2026-11-25T08:00:00Z'),
      sent('5', '2026-11-25T09:00:00Z'),
    ];
    expect([...dayStarts(list, inLondon)]).toEqual(['1', '3', '4']);
    // In New York 23:30 and 00:30 UTC are the same evening.
    expect([...dayStarts(list, { timeZone: 'America/New_York' })]).toEqual(['1', '4']);
    expect(dayStarts([], inLondon).size).toBe(0);
  });
});
