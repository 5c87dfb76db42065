import { clientEventJson, EVENT_DATA, SIGNAL_DATA, signalFrame, signalJson } from '@chat/contract';
import {
  channelCreated,
  channelDeleted,
  channelUpdated,
  memberJoined,
  memberLeft,
  memberUpdated,
  roleCreated,
  roleDeleted,
  roleUpdated,
  serverUpdated,
  messageCreated,
  messageDeleted,
  messagePinChanged,
  messageUpdated,
  reactionChanged,
  reactionCleared,
  serverDeleted,
  presenceUpdated,
  typingStarted,
  userUpdated,
  readStateUpdated,
  type ChatEvent,
  type MessageView,
  NO_MENTIONS,
  type Signal,
} from '@chat/domain';
import { buildTestApp, problemBody, type TestApp } from './test-app';

const message: MessageView = {
  id: '100',
  channelId: '20',
  content: 'hi',
  createdAt: new Date('2026-11-01T10:00:00.000Z'),
  editedAt: null,
  ...NO_MENTIONS,
  attachments: [], replyTo: null, pinned: false,
  author: { id: '3', username: 'ann', displayName: null, avatar: null },
  reactions: [{ emoji: '👍', count: 1, reacted: false }],
};

/** One event of every type a client can be sent. */
const SAMPLES: ChatEvent[] = [
  messageCreated('10', message, 'n'),
  messageUpdated('10', message),
  messageDeleted('10', '20', '100'),
  messagePinChanged('message.pinned', '10', '20', '100', '3'),
  messagePinChanged('message.unpinned', null, '21', '100', '3'),
  reactionChanged('reaction.added', '10', '20', '3', { messageId: '100', emoji: '👍', count: 1, reacted: true }),
  reactionChanged('reaction.removed', '10', '20', '3', { messageId: '100', emoji: '👍', count: 0, reacted: false }),
  memberJoined({ serverId: '10', userId: '3', joinedAt: new Date(0), user: { id: '3', username: 'ann', displayName: null, avatar: null }, roleIds: [] }),
  memberLeft('10', '3', 'leave'),
  channelCreated({ id: '21', serverId: '10', name: 'random', topic: null, position: 0, permissionOverwrites: [], createdAt: new Date(0) }),
  channelUpdated({ id: '21', serverId: '10', name: 'leads', topic: 'Plans', position: 1, permissionOverwrites: [{ id: '10', type: 'role', allow: 0, deny: 1 }], createdAt: new Date(0) }),
  channelDeleted('10', '21'),
  memberLeft('10', '3', 'kick'),
  serverUpdated({ id: '10', name: 'Book club', avatar: 'https://cdn.example.com/a.png', banner: null, verified: false, defaultChannelId: '20', ownerId: '1', createdAt: new Date(0), membersCanInvite: false }),
  memberLeft('10', '3', 'ban'),
  reactionCleared('10', '20', '100', '👍'),
  roleCreated({ id: '30', serverId: '10', name: 'mods', color: 0xff0000, position: 1, permissions: 129, createdAt: new Date(0) }),
  roleUpdated({ id: '10', serverId: '10', name: '@everyone', color: null, position: 0, permissions: 15, createdAt: new Date(0) }),
  roleDeleted('10', '30'),
  memberUpdated('10', '3', ['30', '31']),
  serverDeleted('10'),
  userUpdated({ id: '3', username: 'ann', displayName: 'Ann', avatar: 'https://cdn.example.com/ann.png' }, ['10', '11']),
  readStateUpdated('3', '20', '100', 0),
];

/** One signal of every type, and of each place (a server's channel, a conversation). */
const SIGNALS: Signal[] = [
  typingStarted({ id: '20', serverId: '10' }, '3', new Date('2026-11-01T10:00:10.000Z')),
  typingStarted({ id: '21', serverId: null }, '3', new Date(0)),
  presenceUpdated('3', 'dnd', ['10', '21']),
];

describe('the gateway’s description', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });

  it('serves AsyncAPI 3.0 at /api/asyncapi.json, with a message for every frame and event type', async () => {
    const { status, body } = await t.http().get('/api/asyncapi.json');

    expect(status).toBe(200);
    expect(body.asyncapi).toBe('3.0.0');
    expect(body.channels.gateway.address).toBe('/api/gateway');
    expect(Object.keys(body.channels.gateway.messages).sort()).toEqual(
      [
        'identify', 'resume', 'heartbeat', 'presence', 'hello', 'ready', 'heartbeat_ack', 'resumed', 'invalid_session',
        ...new Set(SAMPLES.map((event) => event.type.replace('.', '_'))),
        ...new Set(SIGNALS.map((signal) => signal.type.replace('.', '_'))),
      ].sort(),
    );
  });

  it('describes event data with the very schemas the OpenAPI document uses', async () => {
    const asyncApi = (await t.http().get('/api/asyncapi.json')).body;
    const openApi = (await t.http().get('/api/openapi.json')).body;

    for (const name of ['Member', 'Channel', 'UserSummary']) {
      expect({ name, schema: asyncApi.components.schemas[name] }).toEqual({ name, schema: openApi.components.schemas[name] });
    }
    // A message event is the REST Message with serverId (and the nonce) added: every property as REST has it.
    const event = asyncApi.components.schemas.MessageEvent;
    expect(event.properties).toEqual(expect.objectContaining(openApi.components.schemas.Message.properties));
    // serverId is optional: a direct conversation's events have none.
    expect(event.required).toEqual(openApi.components.schemas.Message.required);
    expect(Object.keys(event.properties)).toContain('serverId');
    expect(asyncApi.components.schemas.ServerWithChannels.properties).toEqual(expect.objectContaining(openApi.components.schemas.Server.properties));
    expect(openApi.externalDocs.url).toBe('/api/asyncapi.json');
  });

  it.each(SAMPLES.map((event) => [event.type, event] as const))('has a schema that %s’s data fits exactly, key for key, as a client is sent it', (type, event) => {
    const { t: sent, d } = clientEventJson(event);
    const schema = EVENT_DATA[type as keyof typeof EVENT_DATA];

    expect(sent).toBe(type);
    expect(schema.parse(d)).toEqual(d);
  });

  it.each(SIGNALS.map((signal) => [signal.type, signal] as const))('has a schema that the signal %s fits exactly, sent without a cursor', async (type, signal) => {
    const { t: sent, d } = signalJson(signal);
    const message = (await t.http().get('/api/asyncapi.json')).body.channels.gateway.messages[type.replace('.', '_')];

    expect(sent).toBe(type);
    expect(SIGNAL_DATA[sent].parse(d)).toEqual(d);
    expect({ required: message.payload.required, frame: JSON.parse(signalFrame(signal)) }).toEqual({ required: ['op', 't', 'd'], frame: { op: 'dispatch', t: type, d } });
  });

  it('answers a plain GET of the gateway with 426 and how to connect', async () => {
    const { status, body, headers } = await t.http().get('/api/gateway');

    expect({ status, body, upgrade: headers.upgrade }).toEqual({
      status: 426,
      body: problemBody(426, 'Upgrade Required', 'UPGRADE_REQUIRED'),
      upgrade: 'websocket',
    });
  });
});
