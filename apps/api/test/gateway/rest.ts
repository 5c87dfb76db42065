import { readFileSync } from 'node:fs';
import request from 'supertest';

/* REST calls against a running replica (by URL), for the gateway end-to-end tests. */

export interface User {
  readonly id: string;
  readonly username: string;
  readonly token: string;
}

export interface CreatedServer {
  readonly id: string;
  readonly defaultChannelId: string;
}

export interface Message {
  readonly id: string;
  readonly channelId: string;
  readonly content: string;
  readonly nonce?: string;
  readonly [field: string]: unknown;
}

const must = (what: string, res: request.Response, status: number): void => {
  if (res.status !== status) throw new Error(`${what}: expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
};

let users = 0;

export async function register(url: string, prefix = 'user'): Promise<User> {
  const username = `${prefix}${++users}`;
  const res = await request(url).post('/api/users/register').send({ username, email: `${username}@example.com`, password: 'correct horse' });
  must(`register ${username}`, res, 201);
  return { id: res.body.user.id, username, token: res.body.token };
}

/** A second session of the same user. */
export async function login(url: string, user: User): Promise<User> {
  const res = await request(url).post('/api/users/login').send({ username: user.username, password: 'correct horse' });
  must(`login ${user.username}`, res, 200);
  return { ...user, token: res.body.token };
}

export async function logout(url: string, user: User): Promise<void> {
  must('logout', await request(url).post('/api/users/logout').set('Authorization', user.token), 204);
}

export async function createServer(url: string, owner: User, name = 'Gateway test'): Promise<CreatedServer> {
  const res = await request(url).post('/api/servers').set('Authorization', owner.token).send({ name });
  must('create server', res, 201);
  return res.body;
}

export async function join(url: string, user: User, serverId: string, inviter: User): Promise<void> {
  // Invites are the owner's unless the server opens them to members.
  const invite = await request(url).post(`/api/servers/${serverId}/invites`).set('Authorization', inviter.token);
  must('invite', invite, 201);
  must('join', await request(url).post(`/api/invites/${invite.body.code}`).set('Authorization', user.token), 200);
}

export async function leave(url: string, user: User, serverId: string): Promise<void> {
  must('leave', await request(url).delete(`/api/servers/${serverId}/members/@me`).set('Authorization', user.token), 204);
}

export async function kick(url: string, owner: User, serverId: string, userId: string): Promise<void> {
  must('kick', await request(url).delete(`/api/servers/${serverId}/members/${userId}`).set('Authorization', owner.token), 204);
}

export async function ban(url: string, owner: User, serverId: string, userId: string): Promise<void> {
  must('ban', await request(url).put(`/api/servers/${serverId}/bans/${userId}`).set('Authorization', owner.token).send({ reason: 'test' }), 204);
}

export async function send(url: string, user: User, channelId: string, content: string, nonce?: string): Promise<Message> {
  const res = await request(url)
    .post(`/api/channels/${channelId}/messages`)
    .set('Authorization', user.token)
    .send(nonce === undefined ? { content } : { content, nonce });
  must(`send ${JSON.stringify(content.slice(0, 20))}`, res, 201);
  return res.body;
}

export async function getJson(url: string, user: User, path: string): Promise<any> {
  const res = await request(url).get(path).set('Authorization', user.token);
  must(`GET ${path}`, res, 200);
  return res.body;
}

/** A process's resident memory in bytes (Linux). */
export function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}

/**
 * Bytes of one loopback TCP connection held by the kernel: unread at the client plus unsent at the
 * server (Linux, IPv4). While a client does not read, this grows until the kernel's buffers are full.
 */
export function kernelQueuedBytes(clientPort: number, serverPort: number): number {
  let total = 0;
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const [, local, remote, , queues] = line.trim().split(/\s+/);
    if (!local || !remote || !queues) continue;
    const localPort = parseInt(local.split(':')[1]!, 16);
    const remotePort = parseInt(remote.split(':')[1]!, 16);
    const [tx, rx] = queues.split(':').map((hex) => parseInt(hex, 16));
    if (localPort === clientPort && remotePort === serverPort) total += rx!;
    if (localPort === serverPort && remotePort === clientPort) total += tx!;
  }
  return total;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Any signed-in call that must succeed (below 300): its body. */
export async function call(method: 'post' | 'put' | 'delete', url: string, user: User, path: string, body?: object): Promise<any> {
  const res = await request(url)[method](path).set('Authorization', user.token).send(body);
  if (res.status >= 300) throw new Error(`${method.toUpperCase()} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
