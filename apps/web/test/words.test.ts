import { describeError, waitInWords } from '../src/words.js';

const failure = (status: number, code: string, problem: Record<string, unknown> = {}, retryAfterMs?: number) => ({ status, code, problem, retryAfterMs });

describe('what the page tells a person when the API says no', () => {
  it('gives a 429 its wait in words', () => {
    expect(describeError(failure(429, 'RATE_LIMITED', { detail: 'Too many requests' }, 7_000))).toBe('Too many requests: please wait. You can try again in 7 seconds.');
    expect(describeError(failure(429, 'RATE_LIMITED', {}, 65_000))).toContain('in 1 minute 5 seconds');
    expect(describeError(failure(429, 'RATE_LIMITED'))).toContain('in a moment');
  });

  it('says a file is too large, and a day’s uploads used up, in words', () => {
    const tooLarge = { detail: 'The file is larger than 1000 bytes (ATTACHMENT_MAX_BYTES); nothing of it was kept.' };
    expect(describeError(failure(413, 'PAYLOAD_TOO_LARGE', tooLarge), 'Uploading')).toBe(`Uploading failed: the file is too large for this server. ${tooLarge.detail}`);
    expect(describeError(failure(403, 'QUOTA_EXCEEDED', { detail: 'Bytes uploaded in 24 hours (at most 1000).' }), 'Uploading')).toBe(
      'Uploading is over your limit: Bytes uploaded in 24 hours (at most 1000). Please try again later.',
    );
    expect(describeError(failure(400, 'VALIDATION_FAILED', { errors: [{ path: 'file', message: 'is empty' }] }), 'Uploading')).toBe('Please check: File: is empty.');
  });

  it('says what is not allowed, with the API’s reason', () => {
    expect(describeError(failure(403, 'FORBIDDEN', { detail: 'Only the server owner can do this.' }), 'Creating a channel')).toBe(
      'Creating a channel is not allowed: Only the server owner can do this.',
    );
  });

  it('says in plain words why a direct message or a group is refused: a block, or no server in common', () => {
    expect(describeError(failure(403, 'BLOCKED', { detail: 'One of you has blocked the other.' }), 'Messaging')).toBe('Messaging is not possible: one of you has blocked the other.');
    expect(describeError(failure(403, 'NO_SHARED_SERVER', { detail: 'x' }), 'Creating a group')).toBe(
      'Creating a group is not possible: you can only write to, or add to a group, someone who shares a server with you.',
    );
    const tooFew = { errors: [{ path: 'recipientIds', message: 'must have 1 to 9 ids' }] };
    expect(describeError(failure(400, 'VALIDATION_FAILED', tooFew))).toBe('Please check: People: must have 1 to 9 ids.');
  });

  it('says a username someone else has is taken, and names the account form\'s fields', () => {
    const taken = { detail: 'That username is already in use.', errors: [{ path: 'username', message: 'is already in use' }] };
    expect(describeError(failure(409, 'CONFLICT', taken), 'Saving your account')).toBe('That username is taken.');
    const tooLong = { errors: [{ path: 'displayName', message: 'must be at most 32 characters' }] };
    expect(describeError(failure(400, 'VALIDATION_FAILED', tooLong))).toBe('Please check: Display name: must be at most 32 characters.');
    const notHttps = { errors: [{ path: 'avatar', message: 'must be an https URL' }] };
    expect(describeError(failure(400, 'VALIDATION_FAILED', notHttps))).toBe('Please check: Avatar URL: must be an https URL.');
  });

  it('names each field a validation problem is about', () => {
    const problem = { detail: 'The request is invalid.', errors: [{ path: 'content', message: 'must not be only whitespace' }, { path: 'nonce', message: 'too long' }] };
    expect(describeError(failure(400, 'VALIDATION_FAILED', problem))).toBe('Please check: Message: must not be only whitespace; nonce: too long.');
    expect(describeError(failure(400, 'VALIDATION_FAILED', { detail: 'Body is not JSON.' }))).toBe('Please check what you entered: Body is not JSON.');
    const noWords = { errors: [{ path: 'q', message: 'needs a letter or a digit' }] };
    expect(describeError(failure(400, 'VALIDATION_FAILED', noWords), 'Searching')).toBe('Please check: Search: needs a letter or a digit.');
  });

  it('tells a wrong password from an ended session', () => {
    expect(describeError(failure(401, 'INVALID_CREDENTIALS', { detail: 'The account or the password is wrong.' }))).toBe('The account or the password is wrong.');
    expect(describeError(failure(401, 'UNAUTHENTICATED', { detail: 'The token is missing, invalid, expired or revoked.' }))).toBe(
      'Your session has ended. Please log in again.',
    );
  });

  it('covers not found, conflicts, server errors, the network and anything else', () => {
    expect(describeError(failure(404, 'NOT_FOUND', { detail: 'Unknown invite.' }))).toBe('Not found: Unknown invite.');
    expect(describeError(failure(409, 'CONFLICT', { detail: 'That username is taken.' }))).toBe('That username is taken.');
    expect(describeError(failure(409, 'CONFLICT'), 'Signing up')).toBe('Signing up failed (409 CONFLICT).');
    expect(describeError(failure(503, 'UNAVAILABLE'))).toBe('The server could not do that right now (503). Please try again shortly.');
    expect(describeError(new TypeError('Failed to fetch'))).toBe('Cannot reach the server. Check your connection and try again.');
    expect(describeError(new Error('boom'))).toBe('Something went wrong: boom');
  });

  it('counts waits in whole seconds, rounding up', () => {
    expect(waitInWords(1)).toBe('in 1 second');
    expect(waitInWords(120_000)).toBe('in 2 minutes');
    expect(waitInWords(Number.NaN)).toBe('in a moment');
  });
});
