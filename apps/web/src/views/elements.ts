import { byId } from '../dom.js';

/** The page's fixed elements, which its HTML must have (looked up once, at boot). */
export function findElements() {
  return {
    status: byId('status'),
    error: byId('error'),
    account: byId('account'),
    whoami: byId('whoami'),
    logout: byId<HTMLButtonElement>('logout'),
    authView: byId('auth-view'),
    loginForm: byId<HTMLFormElement>('login-form'),
    loginUsername: byId<HTMLInputElement>('login-username'),
    signupForm: byId<HTMLFormElement>('signup-form'),
    chatView: byId('chat-view'),
    serverList: byId('server-list'),
    newServerForm: byId<HTMLFormElement>('new-server-form'),
    newServerName: byId<HTMLInputElement>('new-server-name'),
    joinForm: byId<HTMLFormElement>('join-form'),
    inviteCode: byId<HTMLInputElement>('invite-code'),
    serverPanel: byId('server-panel'),
    serverTitle: byId('server-title'),
    channelList: byId('channel-list'),
    newChannelForm: byId<HTMLFormElement>('new-channel-form'),
    newChannelName: byId<HTMLInputElement>('new-channel-name'),
    newChannelPrivateField: byId('new-channel-private-field'),
    newChannelPrivate: byId<HTMLInputElement>('new-channel-private'),
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
    composerNote: byId('composer-note'),
    announce: byId('announce'),
  };
}

export type Elements = ReturnType<typeof findElements>;
