/** A message's files: images inline in a box of their shown size (reserved before they load), anything else as a download link. */
import type { Attachment } from '@chat/client';
import { h } from '../dom.js';
import { attachmentView } from '../files.js';

export function attachmentsNode(attachments: readonly Attachment[]): HTMLDivElement | null {
  if (attachments.length === 0) return null;
  return h('div', { className: 'attachments' }, ...attachments.map(attachmentNode));
}

function attachmentNode(attachment: Attachment): HTMLElement {
  const view = attachmentView(attachment);
  if (view.kind === 'file') {
    // The name is an attribute's value or a text node: set, never parsed as markup.
    return h(
      'p',
      { className: 'attachment file' },
      h('a', { href: view.href, download: view.filename, rel: 'noopener noreferrer' }, view.filename),
      h('span', { className: 'hint' }, ` (${view.size})`),
    );
  }
  // width and height are attributes (the page's policy refuses inline styles): the box is there before the image is.
  return h(
    'figure',
    { className: 'attachment image' },
    h('a', { href: view.src, target: '_blank', rel: 'noopener noreferrer' }, h('img', { src: view.src, alt: view.alt, width: view.width, height: view.height, decoding: 'async' })),
    h('figcaption', { className: 'hint' }, view.caption),
  );
}
