// The gateway's types from its AsyncAPI document: openapi-typescript turns the document's JSON
// Schemas into TypeScript (as it does for REST), and this names what the SDK needs from them.
import openapiTS, { astToString } from 'openapi-typescript';

const SCHEMAS = '#/components/schemas/';

/** `components["schemas"]["X"]` for a payload's `$ref`; a schema written inline has no name to give. */
function schemaType(schema, where) {
  if (typeof schema?.$ref !== 'string' || !schema.$ref.startsWith(SCHEMAS)) {
    throw new Error(`${where} is not a $ref to ${SCHEMAS}: give its zod schema a .meta({ id })`);
  }
  return `components["schemas"][${JSON.stringify(schema.$ref.slice(SCHEMAS.length))}]`;
}

const comment = (text) => `/** ${text.replaceAll('*/', '*\\/')} */`;

/** The messages an operation lists (`serverSends`, `clientSends`), in the document's order. */
function messagesOf(document, operation) {
  const messages = document.channels.gateway.messages;
  return document.operations[operation].messages.map(({ $ref }) => messages[$ref.split('/').pop()]);
}

/** TypeScript for the gateway: its schemas, `EventMap` (each dispatch's `d` by `t`), `EVENT_TYPES`, `ReadyData`, `ClientFrame`. */
export async function eventTypes(document) {
  const wrapped = { openapi: '3.1.0', info: document.info, paths: {}, components: { schemas: document.components.schemas } };
  const nodes = (await openapiTS(wrapped, { exportType: false })).filter((node) => node.name?.escapedText === 'components');
  const sent = messagesOf(document, 'serverSends');
  const dispatches = sent.filter(({ payload }) => payload.properties?.op?.const === 'dispatch');
  const ready = sent.find(({ payload }) => payload.properties?.op?.const === 'ready');
  const fromClient = messagesOf(document, 'clientSends');
  const entries = dispatches.map(({ payload, summary }) => {
    const type = payload.properties.t.const;
    return [type, schemaType(payload.properties.d, `the d of dispatch ${type}`), summary];
  });
  return [
    astToString(nodes),
    comment('What each dispatch carries (`d`), by its type (`t`).'),
    'export interface EventMap {',
    ...entries.flatMap(([type, data, summary]) => [`    ${comment(summary)}`, `    ${JSON.stringify(type)}: ${data};`]),
    '}',
    comment('Every dispatch type: a known `t` is a key.'),
    'export const EVENT_TYPES: Readonly<Record<keyof EventMap, true>> = {',
    ...entries.map(([type]) => `    ${JSON.stringify(type)}: true,`),
    '};',
    comment(ready.summary),
    `export type ReadyData = ${schemaType(ready.payload.properties.d, 'the d of ready')};`,
    comment('What a client sends.'),
    `export type ClientFrame = ${fromClient.map(({ payload, name }) => schemaType(payload, `the ${name} frame`)).join(' | ')};`,
    '',
  ].join('\n');
}
