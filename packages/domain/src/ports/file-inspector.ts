/** What a file's first bytes say it is. */
export interface FileKind {
  /** The type its magic numbers show; `application/octet-stream` when they show none. */
  readonly contentType: string;
  /** In pixels, for PNG, JPEG, GIF and WebP images whose first bytes give them; null otherwise. */
  readonly width: number | null;
  readonly height: number | null;
}

/** How many of a file's first bytes the inspector is given: enough for a JPEG's size behind its metadata. */
export const INSPECTED_BYTES = 256 * 1024;

/** Tells a file's type from its bytes (magic numbers), never from what a client claims. */
export interface FileInspector {
  /** `head`: the file's first bytes, at most `INSPECTED_BYTES` (all of a smaller file). */
  inspect(head: Uint8Array): Promise<FileKind>;
}
