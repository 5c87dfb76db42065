import type { Clients } from './gateway-client';
import { conversationIsolation } from './conversation-scenarios';
import { profileChangeReachesSharersOnce } from './profile-scenarios';
import { deliversInRestShape, leaveIsolation, logoutCloses, type Where } from './scenarios';
import { sightIsolation } from './sight-scenarios';

/**
 * The scenarios that cross from one replica to another through Redis (written on A, read live on B,
 * resumed on A), as tests of the suite that calls it: on one Redis and on the Redis Cluster alike.
 */
export function itCrossesReplicas(clients: Clients, where: () => Where): void {
  it('delivers a message sent through A to a client on B as message.created with the REST body, its serverId and the sender’s nonce', async () => {
    await deliversInRestShape(clients, where());
  }, 30_000);

  it('after a leave, the leaver gets its own member.left and none of the next 20 messages, live on B or on resume on A', async () => {
    await leaveIsolation(clients, where());
  }, 60_000);

  it('after a kick by the owner, the kicked member gets its own member.left (reason kick) and nothing more, live on B or on resume on A', async () => {
    await leaveIsolation(clients, where(), 'kick');
  }, 60_000);

  it('after a ban by the owner, the banned member gets its own member.left (reason ban) and nothing more, live on B or on resume on A', async () => {
    await leaveIsolation(clients, where(), 'ban');
  }, 60_000);

  it('sends the events of a private channel only to those who can see it: a role taken away through A is channel.deleted on B, then nothing of it, live or on resume on A', async () => {
    await sightIsolation(clients, where());
  }, 60_000);

  it('sends a direct conversation’s events to its recipients only, through A to B; one removed from a group gets channel.deleted, then nothing of it, live on B or on resume on A', async () => {
    await conversationIsolation(clients, where());
  }, 60_000);

  it('sends user.updated from a change through A once to a co-member of two servers on B, live and on resume on A; never to a stranger', async () => {
    await profileChangeReachesSharersOnce(clients, where());
  }, 60_000);

  it('closes the socket on B with 4004 when the session logs out through A', async () => {
    await logoutCloses(clients, where());
  }, 30_000);
}
