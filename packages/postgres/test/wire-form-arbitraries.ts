import fc from 'fast-check';

/*
 * Random messages for the wire-form property: text that JSON writers get wrong, reactions, edits and
 * nonces. Text is what the API lets through (well-formed Unicode without NUL), nothing more.
 */

/** Pieces JSON writers have got wrong: escapes, the line separators, marks that combine, joiners, bidi. */
const AWKWARD_PIECES = [
  '"', '\\', '\\"', '/', '</script>', '<!--', "O'Reilly; drop table", '{"json":"inside"}', '$1', '%s', 'null',
  '\u2028', '\u2029', '\u007f', '\u0085', '\u00a0', '\ufeff', '\uffff', '\u{10ffff}', '\u{e0001}',
  'e\u0301', 'a\u0300\u0316\u0489', '\u0915\u094d\u0937', '👨‍👩‍👧‍👦', '🏳️‍🌈', '👋🏽', '🇺🇦', '1️⃣', '😀', '𝕳𝖊𝖑𝖑𝖔',
  'שלום', 'مرحبا', '\u202e', '\u200f', '\u2066x\u2069', '\u200b', '\u200d',
];

/** Any code point but NUL and the surrogates (which no well-formed text holds alone). */
const codePoint = fc.oneof(fc.integer({ min: 1, max: 0xd7ff }), fc.integer({ min: 0xe000, max: 0x10ffff })).map((code) => String.fromCodePoint(code));

const piece = fc.oneof(
  fc.constantFrom(...AWKWARD_PIECES),
  fc.integer({ min: 1, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }),
  fc.string({ unit: codePoint, minLength: 1, maxLength: 6 }),
);

/** Text of `1..maxPieces` pieces. */
const text = (maxPieces: number) => fc.array(piece, { minLength: 1, maxLength: maxPieces }).map((pieces) => pieces.join(''));

/** At most 64 code points, as the API takes a nonce. */
const atMost64 = (value: string): string => [...value].slice(0, 64).join('');

/** No nonce, an empty one, some text, or the longest the API takes. */
const nonce = fc.oneof(
  fc.constant(null),
  fc.constant(''),
  text(4).map(atMost64),
  fc.string({ unit: codePoint, minLength: 64, maxLength: 64 }),
);

/** Any millisecond of 1970–2999: `to_char` and `toISOString` must agree on all of them. */
const moment = fc.date({ min: new Date('1970-01-01T00:00:00.000Z'), max: new Date('2999-12-31T23:59:59.999Z'), noInvalidDate: true });

/**
 * Emoji as the API takes them, and two that it refuses but the store keeps as given (the store
 * checks nothing): the rendering must escape whatever it is handed.
 */
const EMOJI = ['👍', '❤️', '🎉', '👨‍👩‍👧‍👦', '🇺🇦', '1️⃣', '👋🏽', '🏳️‍🌈', '"\\', '\u2028</script>'];

/**
 * Mentions put after a content: people of the cast by index (one past them: a user of no server),
 * the cast's role, `@everyone`'s role id, a role of no server, and `@everyone`.
 */
export interface MentionPlan {
  readonly people: readonly number[];
  readonly roles: readonly ('role' | 'everyoneRole' | 'unknown')[];
  readonly everyone: boolean;
}

export interface SendPlan {
  readonly content: string;
  readonly mentions: MentionPlan;
  readonly createdAt: Date;
  readonly nonce: string | null;
  /** Which of the people sends it. */
  readonly sender: number;
  /** The message's content changed after the send, and when. */
  readonly edit: { readonly content: string; readonly mentions: MentionPlan; readonly at: Date } | null;
  /** It answers the scenario's first send (the first answers none), mentioning its author or not. */
  readonly reply: { readonly mentionAuthor: boolean } | null;
  /** It is pinned once everything is sent. */
  readonly pinned: boolean;
}

export interface ReactionPlan {
  /** Which send, modulo their number. */
  readonly message: number;
  readonly person: number;
  readonly emoji: string;
}

/** Messages sent into a fresh channel by some of `people` members, reacted to, and read by one of them. */
export interface Scenario {
  readonly sends: readonly SendPlan[];
  readonly reactions: readonly ReactionPlan[];
  readonly viewer: number;
  /** The first send is deleted once everything else is done: the replies to it show it deleted. */
  readonly deleteFirst: boolean;
}

export function scenarioOf(people: number): fc.Arbitrary<Scenario> {
  const person = fc.nat({ max: people - 1 });
  const mentions = fc.record({
    people: fc.array(fc.nat({ max: people }), { maxLength: 5 }),
    roles: fc.array(fc.constantFrom('role' as const, 'everyoneRole' as const, 'unknown' as const), { maxLength: 3 }),
    everyone: fc.boolean(),
  });
  const send = fc.record({
    // Now and then longer than a reply's preview, which cuts it by code points.
    content: fc.oneof({ arbitrary: text(10), weight: 3 }, { arbitrary: fc.string({ unit: codePoint, minLength: 195, maxLength: 210 }), weight: 1 }),
    mentions,
    createdAt: moment,
    nonce,
    sender: person,
    edit: fc.option(fc.record({ content: text(10), mentions, at: moment }), { nil: null }),
    reply: fc.option(fc.record({ mentionAuthor: fc.boolean() }), { nil: null }),
    pinned: fc.boolean(),
  });
  return fc.record({
    sends: fc.array(send, { minLength: 1, maxLength: 8 }),
    reactions: fc.array(fc.record({ message: fc.nat(), person, emoji: fc.constantFrom(...EMOJI) }), { maxLength: 16 }),
    viewer: person,
    deleteFirst: fc.boolean(),
  });
}
