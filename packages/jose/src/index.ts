export * from './jose-token-service';
export * from './jose-device-tokens';
