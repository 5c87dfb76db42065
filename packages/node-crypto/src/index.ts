export * from './scrypt-password-hasher';
export * from './random-invite-codes';
export * from './random-opaque-tokens';
export * from './hmac-attachment-links';
