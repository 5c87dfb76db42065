/*
 * PostgreSQL's full-text search as the in-memory message search needs it: `to_tsvector('simple', …)`
 * (words, lower-cased, with their positions) and `websearch_to_tsquery('simple', …)` (words, quoted
 * phrases, `-` and `or`), so the fake finds what the real search finds. The property test
 * packages/postgres/test/text-search.property.test.ts holds the two to each other.
 *
 * What PostgreSQL's parser reads as one token beyond words is read here only in part: words joined
 * by single hyphens (`e-mail`: the whole, then each part, as PostgreSQL does), numbers with a sign
 * or dots (`-1`, `3.14`) and ASCII words joined by single dots (`example.com`, `v1.2`). Addresses
 * (`a@b.com`, URLs), paths and stranger mixtures (`12.ab`, `v1.2_`) are read as their words.
 */

/** A run of letters (with their marks) and decimal digits; one with a letter in it. */
const WORD = String.raw`[\p{L}\p{M}\p{Nd}]+`;
const LETTERED = String.raw`[\p{Nd}]*[\p{L}\p{M}][\p{L}\p{M}\p{Nd}]*`;
/**
 * In PostgreSQL's order of preference: ASCII words with dots (`example.com`, `v1.2`), numbers with
 * dots and maybe a sign (`3.14`, `-1.5`, `1.2.3`), words of lettered parts joined by single hyphens
 * (`e-mail`, `x-1a`; not `a-1`, which is `a` and `-1`), signed integers, words.
 */
const TOKEN = new RegExp(
  String.raw`[A-Za-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)+|-?\d+(?:\.\d+)+|${LETTERED}(?:-${LETTERED})+|-\d+(?![\p{L}\p{M}\p{Nd}])|${WORD}`,
  'gu',
);

/** The lexemes of a text in order: what `to_tsvector('simple', text)` numbers 1, 2, 3… */
export function lexemesOf(text: string): string[] {
  const lexemes: string[] = [];
  for (const [token] of text.matchAll(TOKEN)) {
    const lower = token.toLowerCase();
    lexemes.push(lower);
    // A hyphenated word: the whole, then its parts, each at a position of its own.
    if (!lower.includes('.') && lower.indexOf('-') > 0) lexemes.push(...lower.split('-'));
  }
  return lexemes;
}

/** A text's lexemes, each with its positions. */
export type TextVector = ReadonlyMap<string, readonly number[]>;

export function vectorOf(text: string): TextVector {
  const vector = new Map<string, number[]>();
  lexemesOf(text).forEach((lexeme, i) => {
    const positions = vector.get(lexeme);
    if (positions) positions.push(i + 1);
    else vector.set(lexeme, [i + 1]);
  });
  return vector;
}

/** Lexemes that must stand one after another (one lexeme: anywhere), or must not, with `negated`. */
interface Clause {
  readonly negated: boolean;
  readonly sequence: readonly string[];
}

/** Any of the alternatives, each all of its clauses; none at all matches nothing (a query without words). */
export type TextQuery = readonly (readonly Clause[])[];

/** Characters PostgreSQL's web-search parser skips between operands (its operators elsewhere). */
const SKIPPED = new Set(['!', '&', '|', '(', ')', '<']);
const isSpace = (c: string) => /\s/u.test(c);
/** A `:` ends an operand but may start one (it separates a tsvector's positions). */
const endsValue = (c: string) => isSpace(c) || c === '"' || c === ':' || SKIPPED.has(c);

/**
 * `or` as web search reads it: followed by neither a letter, digit, `-` or `_`, and by something
 * other than white space after that character (PostgreSQL's `parse_or_operator`).
 */
function orAt(q: string, i: number): boolean {
  if (q.slice(i, i + 2).toLowerCase() !== 'or') return false;
  const next = q[i + 2];
  if (next === undefined || /[\p{L}\p{N}_-]/u.test(next)) return false;
  return q.slice(i + 3).trim() !== '';
}

/** `websearch_to_tsquery('simple', q)`: a scan of operands and operators as PostgreSQL's, then precedence (not, and, or). */
export function queryOf(q: string): TextQuery {
  const alternatives: Clause[][] = [[]];
  let negations = 0;
  let phrase: string[] | null = null;
  let waitingOperator = false;
  const add = (sequence: string[]) => {
    // An operand without lexemes is dropped, and the negations before it with it.
    if (sequence.length > 0) alternatives[alternatives.length - 1]!.push({ negated: negations % 2 === 1, sequence });
    negations = 0;
    waitingOperator = true;
  };
  for (let i = 0; i < q.length; ) {
    const c = q[i]!;
    if (phrase !== null) {
      // Inside quotes every word follows the one before; `-` and `or` are words' characters.
      if (c === '"') {
        add(phrase);
        phrase = null;
        i += 1;
      } else if (isSpace(c) || SKIPPED.has(c)) i += 1;
      else i = readValue(q, i, (lexemes) => phrase!.push(...lexemes));
      continue;
    }
    if (waitingOperator) {
      if (isSpace(c) || SKIPPED.has(c)) i += 1;
      else if (orAt(q, i)) {
        alternatives.push([]);
        waitingOperator = false;
        i += 2;
      } else waitingOperator = false;
      continue;
    }
    if (c === '-') negations += 1;
    else if (c === '"') phrase = [];
    else if (!isSpace(c) && !SKIPPED.has(c)) {
      i = readValue(q, i, add);
      continue;
    }
    i += 1;
  }
  if (phrase !== null) add(phrase);
  return alternatives.filter((clauses) => clauses.length > 0);
}

/** One operand from `start`, up to a space, a quote or a skipped character: its lexemes to `take`; the index after it. */
function readValue(q: string, start: number, take: (lexemes: string[]) => void): number {
  let end = start + 1;
  while (end < q.length && !endsValue(q[end]!)) end += 1;
  take(lexemesOf(q.slice(start, end)));
  return end;
}

/** Whether `lexemes` stand one after another somewhere in the text. */
function hasSequence(vector: TextVector, lexemes: readonly string[]): boolean {
  const [first, ...rest] = lexemes;
  return (vector.get(first!) ?? []).some((p) => rest.every((lexeme, k) => vector.get(lexeme)?.includes(p + k + 1) === true));
}

/** `to_tsvector('simple', text) @@ websearch_to_tsquery('simple', q)`. */
export function matches(vector: TextVector, query: TextQuery): boolean {
  return query.some((clauses) => clauses.every(({ negated, sequence }) => hasSequence(vector, sequence) !== negated));
}
