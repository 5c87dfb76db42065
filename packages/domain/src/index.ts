export * from './result';
export * from './errors';
export * from './ids';

export * from './entities/user';
export * from './entities/session';
export * from './entities/server';
export * from './entities/channel';
export * from './entities/member';
export * from './entities/invite';
export * from './entities/ban';
export * from './entities/quotas';
export * from './entities/message';
export * from './entities/application';

export * from './events/chat-event';
export * from './events/encoded-event';
export * from './events/route';
export * from './events/audience';

export * from './rules/text';
export * from './rules/account-rules';
export * from './rules/name-rules';
export * from './rules/image-rules';
export * from './rules/message-rules';
export * from './rules/emoji-rules';
export * from './rules/invite-rules';
export * from './rules/ban-rules';

export * from './ports/clock';
export * from './ports/id-generator';
export * from './ports/password-hasher';
export * from './ports/common-passwords';
export * from './ports/account-notices';
export * from './ports/token-service';
export * from './ports/device-tokens';
export * from './ports/invite-code-generator';
export * from './ports/user-repository';
export * from './ports/session-repository';
export * from './ports/server-repository';
export * from './ports/channel-repository';
export * from './ports/member-repository';
export * from './ports/invite-repository';
export * from './ports/ban-repository';
export * from './ports/message-repository';
export * from './ports/stores';
export * from './ports/opaque-tokens';
export * from './ports/application-repository';
export * from './ports/event-log';
export * from './ports/event-history';
export * from './ports/unit-of-work';
export * from './ports/event-relay';
export * from './ports/event-stream';
export * from './ports/idempotency-store';
export * from './ports/sweeper';

export * from './use-cases/accounts/register';
export * from './use-cases/accounts/new-session';
export * from './use-cases/accounts/log-in';
export * from './use-cases/accounts/log-out';
export * from './use-cases/accounts/authenticate';
export * from './use-cases/accounts/list-sessions';
export * from './use-cases/accounts/revoke-session';
export * from './use-cases/accounts/revoke-other-sessions';
export * from './use-cases/accounts/change-password';
export * from './use-cases/accounts/touch-session';

export * from './use-cases/servers/list-my-servers';
export * from './use-cases/servers/create-server';
export * from './use-cases/servers/get-server';
export * from './use-cases/servers/update-server';
export * from './use-cases/servers/delete-server';
export * from './use-cases/servers/transfer-server';
export * from './use-cases/servers/get-members';
export * from './use-cases/servers/leave-server';
export * from './use-cases/servers/list-channels';
export * from './use-cases/servers/create-channel';
export * from './use-cases/servers/create-invite';
export * from './use-cases/servers/list-invites';
export * from './use-cases/servers/revoke-invite';
export * from './use-cases/servers/join-by-invite';
export * from './use-cases/servers/preview-invite';

export * from './use-cases/moderation/kick-member';
export * from './use-cases/moderation/ban-member';
export * from './use-cases/moderation/list-bans';
export * from './use-cases/moderation/unban';

export * from './use-cases/messages/get-messages';
export * from './use-cases/messages/get-message';
export * from './use-cases/messages/send-message';
export * from './use-cases/messages/edit-message';
export * from './use-cases/messages/delete-message';
export * from './use-cases/messages/add-reaction';
export * from './use-cases/messages/remove-reaction';
export * from './use-cases/messages/remove-user-reaction';
export * from './use-cases/messages/clear-reaction';

export * from './use-cases/applications/create-application';
export * from './use-cases/applications/list-applications';
export * from './use-cases/applications/rotate-application-secret';
export * from './use-cases/applications/delete-application';
export * from './use-cases/applications/client-credentials-grant';
export * from './use-cases/applications/refresh-token-grant';
export type { ClientCredentials, GrantPorts } from './use-cases/applications/oauth-grants';

export * from './use-cases/gateway/open-gateway-session';
export * from './use-cases/catalogue';
