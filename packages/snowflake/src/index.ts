export * from './snowflake-id-generator';
