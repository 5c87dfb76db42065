export interface InviteCodeGenerator {
  next(): string;
}
