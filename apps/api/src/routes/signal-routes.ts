import { noContent, param, route } from '../http/route';

export const signalRoutes = [
  route({
    method: 'post',
    path: '/api/channels/:channelId/typing',
    operationId: 'startTyping',
    summary:
      'Say you are typing in a channel or conversation (SEND_MESSAGES there): those who see it, you excepted, get typing.started for 10 s. Send it again every 5-8 s while typing on; repeats within 5 s reach nobody, and are answered alike. Not stored',
    tag: 'Messages',
    auth: 'session',
    rateLimit: 'typing',
    success: { status: 204, description: 'Heard (or a repeat within 5 s, which tells nobody again)' },
    useCase: 'startTyping',
    handle: async ({ useCase, actor, params }) => noContent(await useCase.execute(actor, param(params, 'channelId'))),
  }),
];
