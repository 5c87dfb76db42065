/**
 * The chat page: the reference browser client. It uses only the public REST API and the gateway,
 * both through @chat/client. The token lives in this module's memory only (never in storage): a
 * reload asks to log in again, and a script injected into the page could not read a stored token.
 * Only the device tokens, which open no session, are stored (`device-tokens.ts`).
 */
import { ChatApiError, connect, createRestClient, ok, type Channel, type GatewayConnection, type Message, type RestClient, type Server } from '@chat/client';
import { mayCreateChannel, mayCreateInvite, mayDeleteMessage, mayEditMessage, mayRemoveMember, type Viewer } from './controls.js';
import { deviceTokenFor, rememberDeviceToken, type KeyValueStore } from './device-tokens.js';
import { byId, h, refreshTimes, textWithLinks, timeElement } from './dom.js';
import { describeError } from './words.js';

type Member = { userId: string; user: { id: string; username: string } };
/** `channelsPending`: `ready` left this server's channels out; they are read when it is opened. */
type ServerState = Server & { channels: Channel[]; channelsPending?: boolean; members?: Member[] };

const PAGE = 50;
/** Read at each use: a browser that refuses storage throws there, and device-tokens.ts takes that as none. */
const deviceStore: KeyValueStore = { getItem: (key) => localStorage.getItem(key), setItem: (key, value) => localStorage.setItem(key, value) };
const REACTIONS = ['👍', '❤️', '😂', '🎉', '👀'];

const el = {
  status: byId('status'),
  error: byId('error'),
  account: byId('account'),
  whoami: byId('whoami'),
  logout: byId<HTMLButtonElement>('logout'),
  authView: byId('auth-view'),
  loginForm: byId<HTMLFormElement>('login-form'),
  signupForm: byId<HTMLFormElement>('signup-form'),
  chatView: byId('chat-view'),
  serverList: byId('server-list'),
  newServerForm: byId<HTMLFormElement>('new-server-form'),
  joinForm: byId<HTMLFormElement>('join-form'),
  serverPanel: byId('server-panel'),
  serverTitle: byId('server-title'),
  channelList: byId('channel-list'),
  newChannelForm: byId<HTMLFormElement>('new-channel-form'),
  createInvite: byId<HTMLButtonElement>('create-invite'),
  invite: byId('invite'),
  inviteOutput: byId<HTMLInputElement>('invite-output'),
  copyInvite: byId<HTMLButtonElement>('copy-invite'),
  memberList: byId('member-list'),
  channelPanel: byId('channel-panel'),
  channelTitle: byId('channel-title'),
  history: byId('history'),
  loadOlder: byId<HTMLButtonElement>('load-older'),
  historyStart: byId('history-start'),
  messages: byId('messages'),
  composer: byId<HTMLFormElement>('composer'),
  composerLabel: byId('composer-label'),
  composerInput: byId<HTMLTextAreaElement>('composer-input'),
  announce: byId('announce'),
};

/** Everything the page knows; only the functions below change it, and each re-renders what it touched. */
const state = {
  token: undefined as string | undefined,
  me: undefined as { id: string; username: string } | undefined,
  rest: undefined as RestClient | undefined,
  gateway: undefined as GatewayConnection | undefined,
  servers: new Map<string, ServerState>(),
  serverId: undefined as string | undefined,
  channelId: undefined as string | undefined,
  /** The open channel's loaded messages, oldest first. */
  messages: [] as Message[],
  reachedStart: false,
  loadingOlder: false,
  editing: undefined as string | undefined,
  /** Bumped on every channel opened: a page that comes back for an earlier opening is dropped. */
  opening: 0,
  /** Pages of the open channel being fetched: until they land, its events wait here (see `whenLoaded`). */
  loads: 0,
  waiting: [] as (() => void)[],
  /** A login or sign-up in flight: a second submit waits for it. */
  busy: false,
};

/**
 * Runs a channel event now, or once the pages being fetched have landed: an edit, a delete or a
 * reaction that arrives while its message's page is on the way would otherwise be overwritten by
 * that older page. Events carry absolute state (counts, contents), so applying them after is exact.
 */
function whenLoaded(apply: () => void): void {
  if (state.loads > 0) state.waiting.push(apply);
  else apply();
}

/** Fetches and shows a page of the open channel; the events that waited meanwhile apply after it. */
async function loading(fetchAndShow: () => Promise<void>): Promise<void> {
  state.loads += 1;
  try {
    await fetchAndShow();
  } finally {
    state.loads -= 1;
    if (state.loads === 0) {
      const waiting = state.waiting.splice(0);
      for (const apply of waiting) apply();
    }
  }
}

// --- feedback -------------------------------------------------------------------------------------

function showError(error: unknown, action?: string): void {
  if (error instanceof ChatApiError && error.code === 'UNAUTHENTICATED' && state.token) {
    endSession('Your session has ended. Please log in again.');
    return;
  }
  el.error.textContent = describeError(error, action);
  el.error.hidden = false;
}

function clearError(): void {
  el.error.hidden = true;
  el.error.textContent = '';
}

/** Runs an action for a person: clears the last error, shows this one's in words, never throws. */
async function attempt(action: string, run: () => Promise<void>): Promise<void> {
  clearError();
  try {
    await run();
  } catch (error) {
    showError(error, action);
  }
}

const setStatus = (text: string) => void (el.status.textContent = text);

/** Says a new message from someone else to screen readers, once (the list itself is not a live region). */
const announce = (text: string) => void (el.announce.textContent = text.length > 200 ? `${text.slice(0, 200)}…` : text);

// --- session --------------------------------------------------------------------------------------

function startSession(grant: { token: string; user: { id: string; username: string } }): void {
  state.token = grant.token;
  state.me = grant.user;
  // A 429 is shown to the person with its wait rather than retried behind their back.
  state.rest = createRestClient({ baseUrl: location.origin, token: () => state.token, retryOn429: false });
  el.whoami.textContent = `Signed in as ${grant.user.username}`;
  el.account.hidden = false;
  el.authView.hidden = true;
  el.chatView.hidden = false;
  setStatus('Connecting…');
  const gateway = connect({ baseUrl: location.origin, token: () => state.token ?? '' });
  state.gateway = gateway;
  listen(gateway);
}

function endSession(message?: string): void {
  state.gateway?.close();
  Object.assign(state, { token: undefined, me: undefined, rest: undefined, gateway: undefined, serverId: undefined, channelId: undefined, messages: [], editing: undefined });
  state.servers.clear();
  // Nothing of the last person's view stays in the page, hidden or not.
  for (const list of [el.serverList, el.channelList, el.memberList, el.messages]) list.replaceChildren();
  el.inviteOutput.value = '';
  el.serverTitle.textContent = '';
  el.channelTitle.textContent = '';
  el.account.hidden = true;
  el.chatView.hidden = true;
  el.authView.hidden = false;
  el.serverPanel.hidden = true;
  el.channelPanel.hidden = true;
  el.invite.hidden = true;
  setStatus('');
  clearError();
  if (message) {
    el.error.textContent = message;
    el.error.hidden = false;
  }
  byId<HTMLInputElement>('login-username').focus();
}

/** Only people log in with a password: a page's viewer is never a bot. */
const viewer = (): Viewer | undefined => (state.me ? { id: state.me.id, bot: false } : undefined);

const openServerState = (): ServerState | undefined => (state.serverId ? state.servers.get(state.serverId) : undefined);

function rest(): RestClient {
  if (!state.rest) throw new Error('not logged in');
  return state.rest;
}

el.loginForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const form = new FormData(el.loginForm);
  const name = String(form.get('username') ?? '').trim();
  const password = String(form.get('password') ?? '');
  if (state.busy) return;
  state.busy = true;
  void attempt('Logging in', async () => {
    const anonymous = createRestClient({ baseUrl: location.origin, retryOn429: false });
    const deviceToken = deviceTokenFor(deviceStore, name);
    const body = { ...(name.includes('@') ? { email: name, password } : { username: name, password }), ...(deviceToken ? { deviceToken } : {}) };
    const grant = await ok(anonymous.POST('/api/users/login', { body }));
    rememberDeviceToken(deviceStore, [name], grant.deviceToken);
    startSession(grant);
    el.loginForm.reset();
  }).finally(() => (state.busy = false));
});

el.signupForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const form = new FormData(el.signupForm);
  const body = { username: String(form.get('username') ?? '').trim(), email: String(form.get('email') ?? '').trim(), password: String(form.get('password') ?? '') };
  if (state.busy) return;
  state.busy = true;
  void attempt('Signing up', async () => {
    const anonymous = createRestClient({ baseUrl: location.origin, retryOn429: false });
    const grant = await ok(anonymous.POST('/api/users/register', { body }));
    rememberDeviceToken(deviceStore, [body.username, body.email], grant.deviceToken);
    startSession(grant);
    el.signupForm.reset();
  }).finally(() => (state.busy = false));
});

el.logout.addEventListener('click', () => {
  const client = state.rest;
  void attempt('Logging out', async () => {
    try {
      await client?.POST('/api/users/logout');
    } finally {
      endSession();
    }
  });
});

// --- realtime -------------------------------------------------------------------------------------

function listen(gateway: GatewayConnection): void {
  const mine = () => state.gateway === gateway;
  gateway.on('ready', ({ servers, reason }) => {
    if (!mine()) return;
    setStatus('Connected');
    // A server whose channels `ready` left out has them read over REST when it is opened.
    state.servers = new Map(servers.map((server) => [server.id, { ...server, channels: server.channels ?? [], channelsPending: !server.channels, members: state.servers.get(server.id)?.members }]));
    renderServers();
    const stillThere = state.serverId && state.servers.has(state.serverId);
    if (!stillThere) {
      const first = servers[0];
      if (first) void attempt('Opening the server', () => openServer(first.id));
      else renderServer();
    } else if (reason === 'invalid_session') {
      // Events were missed while away: what is shown is fetched again.
      void attempt('Catching up', () => openServer(state.serverId!, state.channelId));
    }
  });
  gateway.on('resumed', () => mine() && setStatus('Connected'));
  gateway.on('disconnected', ({ willReconnect }) => mine() && setStatus(willReconnect ? 'Reconnecting…' : 'Disconnected'));
  gateway.on('closed', ({ code }) => {
    if (mine() && code === 4004) endSession('Your session has ended. Please log in again.');
  });

  gateway.on('message.created', (message) => {
    if (!mine() || message.channelId !== state.channelId) return;
    whenLoaded(() => {
      if (message.channelId !== state.channelId) return;
      addMessages([message]);
      if (message.author.id !== state.me?.id) announce(`${message.author.username}: ${message.content}`);
    });
  });
  gateway.on('message.updated', (message) => {
    if (!mine() || message.channelId !== state.channelId) return;
    whenLoaded(() => {
      const known = state.messages.find(({ id }) => id === message.id);
      if (!known) return;
      // The event's reactions carry no `reacted` for this viewer: keep ours.
      Object.assign(known, { content: message.content, editedAt: message.editedAt });
      renderMessage(known);
    });
  });
  gateway.on('message.deleted', ({ id, channelId }) => {
    if (mine() && channelId === state.channelId) whenLoaded(() => removeMessage(id));
  });
  const reaction = (added: boolean) => (event: { messageId: string; channelId: string; emoji: string; count: number; userId: string }) => {
    if (!mine() || event.channelId !== state.channelId) return;
    whenLoaded(() => applyReaction(added, event));
  };
  const applyReaction = (added: boolean, event: { messageId: string; channelId: string; emoji: string; count: number; userId: string }) => {
    const message = state.messages.find(({ id }) => id === event.messageId);
    if (!message) return;
    const reactions = message.reactions.filter(({ emoji }) => emoji !== event.emoji);
    const before = message.reactions.find(({ emoji }) => emoji === event.emoji);
    const reacted = event.userId === state.me?.id ? added : (before?.reacted ?? false);
    if (event.count > 0) {
      const entry = { emoji: event.emoji, count: event.count, reacted };
      const index = message.reactions.findIndex(({ emoji }) => emoji === event.emoji);
      if (index >= 0) reactions.splice(index, 0, entry);
      else reactions.push(entry);
    }
    message.reactions = reactions;
    renderMessage(message);
  };
  gateway.on('reaction.added', reaction(true));
  gateway.on('reaction.removed', reaction(false));
  gateway.on('reaction.cleared', (event) => {
    if (!mine() || event.channelId !== state.channelId) return;
    whenLoaded(() => {
      const message = state.messages.find(({ id }) => id === event.messageId);
      if (!message) return;
      message.reactions = message.reactions.filter(({ emoji }) => emoji !== event.emoji);
      renderMessage(message);
    });
  });
  gateway.on('server.deleted', ({ serverId }) => {
    const server = state.servers.get(serverId);
    if (!mine() || !server) return;
    setStatus(`${server.name} was deleted`);
    dropServer(serverId);
  });

  gateway.on('member.joined', (member) => {
    if (!mine()) return;
    const server = state.servers.get(member.serverId);
    if (!server) {
      // This account joined elsewhere (another tab): fetch the server it joined.
      if (member.userId === state.me?.id) void attempt('Adding the server', () => addServer(member.serverId).then(() => undefined));
      return;
    }
    if (!server.members) {
      if (member.serverId === state.serverId) void attempt('Listing members', () => refreshMembers(member.serverId));
      return;
    }
    if (!server.members.some(({ userId }) => userId === member.userId)) server.members.push(member);
    if (member.serverId === state.serverId) renderMembers();
  });
  gateway.on('member.left', ({ serverId, userId, reason }) => {
    if (!mine()) return;
    const server = state.servers.get(serverId);
    if (!server) return;
    if (userId === state.me?.id) {
      if (reason === 'kick') setStatus(`You were removed from ${server.name}`);
      if (reason === 'ban') setStatus(`You were banned from ${server.name}`);
      dropServer(serverId);
      return;
    }
    server.members = server.members?.filter((member) => member.userId !== userId);
    if (serverId === state.serverId) renderMembers();
  });
  gateway.on('channel.created', (channel) => {
    const server = state.servers.get(channel.serverId);
    if (!mine() || !server || server.channels.some(({ id }) => id === channel.id)) return;
    server.channels.push(channel);
    if (channel.serverId === state.serverId) renderChannels();
  });
  gateway.on('server.updated', (update) => {
    const server = state.servers.get(update.id);
    if (!mine() || !server) return;
    const ownerChanged = server.ownerId !== update.ownerId;
    Object.assign(server, update);
    renderServers();
    if (update.id !== state.serverId) return;
    renderServer();
    // A new owner may delete anyone's message; the old one no longer may.
    if (ownerChanged) for (const message of state.messages) renderMessage(message);
  });
}

// --- servers and channels -------------------------------------------------------------------------

/** Forgets a server this account no longer sees (left, removed, or deleted). */
function dropServer(serverId: string): void {
  state.servers.delete(serverId);
  renderServers();
  if (state.serverId === serverId) {
    state.serverId = undefined;
    state.channelId = undefined;
    renderServer();
  }
}

async function addServer(serverId: string): Promise<ServerState> {
  const path = { path: { serverId } };
  const [server, channels] = await Promise.all([ok(rest().GET('/api/servers/{serverId}', { params: path })), ok(rest().GET('/api/servers/{serverId}/channels', { params: path }))]);
  // Creating or joining, and this account's own member.joined, may both add it: the first one stays.
  const known = state.servers.get(server.id);
  if (known) return known;
  const entry: ServerState = { ...server, channels };
  state.servers.set(server.id, entry);
  renderServers();
  return entry;
}

/** Fetches the member list again (an arrival came before the list it would have joined). */
async function refreshMembers(serverId: string): Promise<void> {
  const members = await ok(rest().GET('/api/servers/{serverId}/members', { params: { path: { serverId } } }));
  const server = state.servers.get(serverId);
  if (!server) return;
  server.members = members;
  if (serverId === state.serverId) renderMembers();
}

async function openServer(serverId: string, channelId?: string): Promise<void> {
  const server = state.servers.get(serverId);
  if (!server) return;
  state.serverId = serverId;
  el.invite.hidden = true;
  renderServers();
  renderServer();
  const [members, channels] = await Promise.all([
    ok(rest().GET('/api/servers/{serverId}/members', { params: { path: { serverId } } })),
    server.channelsPending ? ok(rest().GET('/api/servers/{serverId}/channels', { params: { path: { serverId } } })) : undefined,
  ]);
  server.members = members;
  if (channels) {
    Object.assign(server, { channels, channelsPending: false });
    if (state.serverId === serverId) renderServer();
  }
  if (state.serverId === serverId) renderMembers();
  const channel = server.channels.find(({ id }) => id === channelId) ?? server.channels.find(({ id }) => id === server.defaultChannelId) ?? server.channels[0];
  if (channel) await openChannel(channel.id);
}

function renderServers(): void {
  el.serverList.replaceChildren(
    ...[...state.servers.values()].map((server) =>
      h(
        'li',
        {},
        h('button', { type: 'button', 'aria-current': server.id === state.serverId ? 'true' : undefined, onclick: () => void attempt('Opening the server', () => openServer(server.id)) }, server.name),
      ),
    ),
  );
}

function renderServer(): void {
  const server = openServerState();
  el.serverPanel.hidden = !server;
  if (!server) {
    el.channelPanel.hidden = true;
    return;
  }
  el.serverTitle.textContent = server.name;
  // Only what the API will accept from this person is offered (kept in step by `server.updated`).
  el.newChannelForm.hidden = !mayCreateChannel(server, viewer());
  el.createInvite.hidden = !mayCreateInvite(server, viewer());
  renderChannels();
  renderMembers();
}

function renderChannels(): void {
  const server = openServerState();
  el.channelList.replaceChildren(
    ...(server?.channels ?? []).map((channel) =>
      h(
        'li',
        {},
        h('button', { type: 'button', 'aria-current': channel.id === state.channelId ? 'true' : undefined, onclick: () => void attempt('Opening the channel', () => openChannel(channel.id)) }, `# ${channel.name}`),
      ),
    ),
  );
}

function renderMembers(): void {
  const server = openServerState();
  el.memberList.replaceChildren(
    ...(server?.members ?? []).map((member) =>
      h(
        'li',
        {},
        member.user.username,
        member.userId === server?.ownerId ? h('span', { className: 'hint' }, ' (owner)') : null,
        server && mayRemoveMember(server, viewer(), member.userId)
          ? h('button', { type: 'button', className: 'remove', 'aria-label': `Remove ${member.user.username}`, onclick: () => void removeMember(server, member) }, 'Remove')
          : null,
      ),
    ),
  );
}

/** The owner removes a member (a kick): they may come back with a new invite. */
async function removeMember(server: ServerState, member: Member): Promise<void> {
  if (!confirm(`Remove ${member.user.username} from ${server.name}?`)) return;
  await attempt('Removing a member', async () => {
    await ok(rest().DELETE('/api/servers/{serverId}/members/{userId}', { params: { path: { serverId: server.id, userId: member.userId } } }));
  });
}

el.newServerForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const input = byId<HTMLInputElement>('new-server-name');
  void attempt('Creating a server', async () => {
    const server = await ok(rest().POST('/api/servers', { body: { name: input.value } }));
    const known = state.servers.get(server.id) ?? (await addServer(server.id));
    input.value = '';
    await openServer(known.id);
  });
});

el.joinForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const input = byId<HTMLInputElement>('invite-code');
  // People paste whole links too: the code is the last part.
  const code = input.value.trim().split('/').pop() ?? '';
  void attempt('Joining', async () => {
    const server = await ok(rest().POST('/api/invites/{code}', { params: { path: { code } } }));
    if (!state.servers.has(server.id)) await addServer(server.id);
    input.value = '';
    await openServer(server.id);
  });
});

el.newChannelForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const input = byId<HTMLInputElement>('new-channel-name');
  const serverId = state.serverId;
  if (!serverId) return;
  void attempt('Creating a channel', async () => {
    const channel = await ok(rest().POST('/api/servers/{serverId}/channels', { params: { path: { serverId } }, body: { name: input.value } }));
    const server = state.servers.get(serverId);
    if (server && !server.channels.some(({ id }) => id === channel.id)) server.channels.push(channel);
    input.value = '';
    await openChannel(channel.id);
  });
});

el.createInvite.addEventListener('click', () => {
  const serverId = state.serverId;
  if (!serverId) return;
  void attempt('Creating an invite', async () => {
    const invite = await ok(rest().POST('/api/servers/{serverId}/invites', { params: { path: { serverId } } }));
    el.inviteOutput.value = invite.code;
    el.invite.hidden = false;
    el.inviteOutput.focus();
    el.inviteOutput.select();
  });
});

el.copyInvite.addEventListener('click', () => {
  void attempt('Copying', async () => {
    await navigator.clipboard.writeText(el.inviteOutput.value);
    setStatus('Invite code copied');
  });
});

// --- messages -------------------------------------------------------------------------------------

async function openChannel(channelId: string): Promise<void> {
  const server = state.serverId ? state.servers.get(state.serverId) : undefined;
  const channel = server?.channels.find(({ id }) => id === channelId);
  if (!channel) return;
  state.channelId = channelId;
  const opening = ++state.opening;
  state.messages = [];
  state.reachedStart = false;
  state.editing = undefined;
  state.waiting = [];
  el.messages.replaceChildren();
  el.channelTitle.textContent = `# ${channel.name}`;
  el.composerLabel.textContent = `Message # ${channel.name}`;
  el.channelPanel.hidden = false;
  renderChannels();
  await loading(async () => {
    const page = await ok(rest().GET('/api/channels/{channelId}/messages', { params: { path: { channelId }, query: { limit: String(PAGE) } } }));
    if (state.opening !== opening) return;
    state.reachedStart = page.length < PAGE;
    addMessages(page);
    el.history.scrollTop = el.history.scrollHeight;
  });
}

/** Loads the page just older than the oldest shown, keeping what is in view where it was. */
async function loadOlder(): Promise<void> {
  const channelId = state.channelId;
  const oldest = state.messages[0];
  if (!channelId || state.loadingOlder || state.reachedStart || !oldest) return;
  state.loadingOlder = true;
  el.loadOlder.disabled = true;
  const opening = state.opening;
  try {
    await loading(async () => {
      const page = await ok(rest().GET('/api/channels/{channelId}/messages', { params: { path: { channelId }, query: { limit: String(PAGE), before: oldest.id } } }));
      if (state.opening !== opening) return;
      state.reachedStart = page.length < PAGE;
      const fromBottom = el.history.scrollHeight - el.history.scrollTop;
      addMessages(page);
      el.history.scrollTop = el.history.scrollHeight - fromBottom;
    });
  } finally {
    state.loadingOlder = false;
    renderHistoryEdge();
  }
}

el.loadOlder.addEventListener('click', () => void attempt('Loading older messages', loadOlder));
el.history.addEventListener('scroll', () => {
  if (el.history.scrollTop < 40 && !state.loadingOlder && !state.reachedStart && state.messages.length > 0) void attempt('Loading older messages', loadOlder);
});

function renderHistoryEdge(): void {
  el.loadOlder.hidden = state.reachedStart;
  el.loadOlder.disabled = state.loadingOlder;
  el.historyStart.hidden = !state.reachedStart;
}

/** Adds messages not shown yet, in id order (ids are time-ordered), each rendered once. */
function addMessages(messages: readonly Message[]): void {
  const nearBottom = el.history.scrollHeight - el.history.scrollTop - el.history.clientHeight < 60;
  for (const message of messages) {
    if (state.messages.some(({ id }) => id === message.id)) continue;
    const index = state.messages.findIndex(({ id }) => compareIds(id, message.id) > 0);
    const copy = { ...message, reactions: [...message.reactions] };
    const node = messageNode(copy);
    if (index < 0) {
      state.messages.push(copy);
      el.messages.append(node);
    } else {
      el.messages.insertBefore(node, el.messages.children[index] ?? null);
      state.messages.splice(index, 0, copy);
    }
  }
  renderHistoryEdge();
  if (nearBottom) el.history.scrollTop = el.history.scrollHeight;
}

function removeMessage(id: string): void {
  state.messages = state.messages.filter((message) => message.id !== id);
  document.getElementById(`message-${id}`)?.remove();
}

/** Snowflakes are decimal strings of 64-bit numbers: compare by length, then as text. */
const compareIds = (a: string, b: string) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

function renderMessage(message: Message): void {
  const old = document.getElementById(`message-${message.id}`);
  if (!old) return;
  const focused = old.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
  const focusKey = focused?.dataset.focusKey;
  const node = messageNode(message);
  // An edit in progress keeps its form, draft and caret whatever else changed (a reaction, say).
  const draft = state.editing === message.id ? old.querySelector('form.edit') : null;
  const fresh = node.querySelector('form.edit');
  if (draft && fresh) fresh.replaceWith(draft);
  const pickerOpen = old.querySelector('details.add-reaction')?.hasAttribute('open') ?? false;
  if (pickerOpen) node.querySelector('details.add-reaction')?.setAttribute('open', '');
  old.replaceWith(node);
  if (focused && draft?.contains(focused)) focused.focus();
  else if (focusKey) (node.querySelector(`[data-focus-key="${CSS.escape(focusKey)}"]`) as HTMLElement | null)?.focus();
}

function messageNode(message: Message): HTMLLIElement {
  const own = message.author.id === state.me?.id;
  const editing = state.editing === message.id;
  return h(
    'li',
    { id: `message-${message.id}`, className: own ? 'message own' : 'message' },
    h(
      'p',
      { className: 'meta' },
      h('strong', {}, message.author.username),
      ' ',
      timeElement(message.createdAt),
      message.editedAt ? h('span', { className: 'hint' }, ' (edited)') : null,
    ),
    editing ? editForm(message) : h('p', { className: 'content' }, ...textWithLinks(message.content)),
    reactionsNode(message),
    editing ? null : messageActions(message),
  );
}

/** Edit for the author, Delete for the author and the server's owner; nothing when neither. */
function messageActions(message: Message): HTMLDivElement | null {
  const edit = mayEditMessage(message.author.id, viewer());
  const remove = mayDeleteMessage(message.author.id, openServerState(), viewer());
  if (!edit && !remove) return null;
  return h(
    'div',
    { className: 'actions' },
    edit && h('button', { type: 'button', 'data-focus-key': 'edit', onclick: () => startEditing(message) }, 'Edit'),
    remove && h('button', { type: 'button', 'data-focus-key': 'delete', onclick: () => void deleteMessage(message) }, 'Delete'),
  );
}

function reactionsNode(message: Message): HTMLDivElement {
  return h(
    'div',
    { className: 'reactions', role: 'group', 'aria-label': 'Reactions' },
    ...message.reactions.map((reaction) =>
      h(
        'button',
        {
          type: 'button',
          className: 'reaction',
          'aria-pressed': String(reaction.reacted),
          'aria-label': `${reaction.emoji} ${reaction.count}${reaction.reacted ? ', including you' : ''}`,
          'data-focus-key': `reaction-${reaction.emoji}`,
          onclick: () => void react(message, reaction.emoji, !reaction.reacted),
        },
        `${reaction.emoji} ${reaction.count}`,
      ),
    ),
    h(
      'details',
      { className: 'add-reaction' },
      h('summary', { 'aria-label': 'Add a reaction', 'data-focus-key': 'add-reaction' }, '+'),
      ...REACTIONS.filter((emoji) => !message.reactions.some((r) => r.emoji === emoji && r.reacted)).map((emoji) =>
        h(
          'button',
          {
            type: 'button',
            'aria-label': `React with ${emoji}`,
            onclick: (event: Event) => {
              // A pick closes the picker; focus goes back to its "+" for the next one.
              const picker = (event.currentTarget as HTMLElement).closest('details');
              picker?.removeAttribute('open');
              picker?.querySelector('summary')?.focus();
              void react(message, emoji, true);
            },
          },
          emoji,
        ),
      ),
    ),
  );
}

function editForm(message: Message): HTMLFormElement {
  const inputId = `edit-${message.id}`;
  const input = h('textarea', { id: inputId, name: 'content', rows: 2 });
  input.value = message.content;
  const cancel = () => {
    state.editing = undefined;
    renderMessage(message);
    (document.querySelector(`#message-${message.id} [data-focus-key="edit"]`) as HTMLElement | null)?.focus();
  };
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') cancel();
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      input.form?.requestSubmit();
    }
  });
  const form = h(
    'form',
    {
      className: 'edit',
      onsubmit: (event: Event) => {
        event.preventDefault();
        const channelId = message.channelId;
        void attempt('Editing', async () => {
          const edited = await ok(rest().PATCH('/api/channels/{channelId}/messages/{messageId}', { params: { path: { channelId, messageId: message.id } }, body: { content: input.value } }));
          Object.assign(message, { content: edited.content, editedAt: edited.editedAt });
          cancel();
        });
      },
    },
    h('label', { for: inputId }, 'Edit message'),
    input,
    h('button', { type: 'submit' }, 'Save'),
    h('button', { type: 'button', onclick: cancel }, 'Cancel'),
  );
  return form;
}

function startEditing(message: Message): void {
  state.editing = message.id;
  renderMessage(message);
  const input = document.getElementById(`edit-${message.id}`) as HTMLTextAreaElement | null;
  input?.focus();
  input?.setSelectionRange(input.value.length, input.value.length);
}

async function deleteMessage(message: Message): Promise<void> {
  if (!confirm('Delete this message?')) return;
  await attempt('Deleting', async () => {
    await ok(rest().DELETE('/api/channels/{channelId}/messages/{messageId}', { params: { path: { channelId: message.channelId, messageId: message.id } } }));
    removeMessage(message.id);
    el.composerInput.focus();
  });
}

/** Reacts or un-reacts. The count shown changes when the gateway says so, for everyone alike. */
async function react(message: Message, emoji: string, add: boolean): Promise<void> {
  await attempt('Reacting', async () => {
    const path = { channelId: message.channelId, messageId: message.id };
    if (add) await ok(rest().POST('/api/channels/{channelId}/messages/{messageId}/reactions', { params: { path }, body: { emoji } }));
    else await ok(rest().DELETE('/api/channels/{channelId}/messages/{messageId}/reactions/{emoji}', { params: { path: { ...path, emoji } } }));
  });
}

el.composer.addEventListener('submit', (event) => {
  event.preventDefault();
  const channelId = state.channelId;
  const content = el.composerInput.value;
  if (!channelId || content === '') return;
  void attempt('Sending', async () => {
    const sent = await ok(rest().POST('/api/channels/{channelId}/messages', { params: { path: { channelId } }, body: { content } }));
    // Cleared only once sent: a refused message stays in the box to fix or resend.
    if (el.composerInput.value === content) el.composerInput.value = '';
    if (state.channelId === channelId) addMessages([sent]);
    el.history.scrollTop = el.history.scrollHeight;
  });
});

// Times say "today" or "Yesterday": they are written again as the day turns.
setInterval(() => refreshTimes(el.messages), 60_000);

el.composerInput.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
    event.preventDefault();
    el.composer.requestSubmit();
  }
});

endSession();
