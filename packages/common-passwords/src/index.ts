export * from './zxcvbn-common-passwords';
