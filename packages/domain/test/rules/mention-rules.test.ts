import { ALL_PERMISSIONS, bitsOf, EVERYONE_DEFAULT, keptMentions, MENTION_LIMIT, mentionsIn, NO_MENTIONS, type MentionPlace } from '@chat/domain';

const MAX_ID = '9223372036854775807';

describe('mentionsIn', () => {
  it('reads users, roles and @everyone, each in the order the content first names them, each once', () => {
    expect(mentionsIn('<@2> hi <@&30> and <@1>, <@2> again; @everyone <@&31><@&30>')).toEqual({
      mentions: ['2', '1'],
      mentionRoles: ['30', '31'],
      mentionEveryone: true,
    });
  });

  it('mentions nobody in plain text', () => {
    expect(mentionsIn('hello @someone, see <#12> and a@b.c')).toEqual(NO_MENTIONS);
  });

  it.each([
    ['letters', '<@abc>'],
    ['a space inside', '<@ 1>'],
    ['a space before the bracket', '<@1 >'],
    ['the nickname form', '<@!1>'],
    ['no closing bracket', '<@1'],
    ['no digits', '<@>'],
    ['a role without digits', '<@&>'],
    ['a leading zero', '<@01>'],
    ['a sign', '<@-1>'],
    ['an id past 2^63-1', '<@9223372036854775808>'],
    ['an id of 20 digits', '<@12345678901234567890>'],
    ['an id of 21 digits', '<@123456789012345678901>'],
    ['two ampersands', '<@&&1>'],
  ])('takes %s as plain text: %j', (_why, content) => {
    expect(mentionsIn(content)).toEqual(NO_MENTIONS);
  });

  it('takes the largest id and 0, which are ids', () => {
    expect(mentionsIn(`<@${MAX_ID}> <@&0>`)).toEqual({ mentions: [MAX_ID], mentionRoles: ['0'], mentionEveryone: false });
  });

  it('finds a mention inside other text, a code span included', () => {
    expect(mentionsIn('x<@5>y `<@6>` ```@everyone```')).toEqual({ mentions: ['5', '6'], mentionRoles: [], mentionEveryone: true });
  });

  it(`keeps the first ${MENTION_LIMIT} distinct users and apart the first ${MENTION_LIMIT} distinct roles; repeats do not count`, () => {
    const ids = Array.from({ length: MENTION_LIMIT + 20 }, (_, i) => String(i + 1));
    const content = `<@1><@1>${ids.map((id) => `<@${id}><@&${id}>`).join('')}`;

    const { mentions, mentionRoles } = mentionsIn(content);

    expect(mentions).toEqual(ids.slice(0, MENTION_LIMIT));
    expect(mentionRoles).toEqual(ids.slice(0, MENTION_LIMIT));
  });
});

describe('keptMentions', () => {
  const place = (overrides: Partial<MentionPlace> = {}): MentionPlace => ({
    conversation: false,
    authorPermissions: EVERYONE_DEFAULT,
    sees: (userId) => userId !== '3',
    isRole: (roleId) => roleId === '30',
    ...overrides,
  });
  const asked = { mentions: ['1', '3', '2'], mentionRoles: ['31', '30'], mentionEveryone: true };

  it('keeps the users who see the channel and the roles of its server, in their order', () => {
    expect(keptMentions(asked, place())).toEqual({ mentions: ['1', '2'], mentionRoles: ['30'], mentionEveryone: false });
  });

  it('keeps @everyone only from an author holding MENTION_EVERYONE', () => {
    expect(keptMentions(asked, place({ authorPermissions: bitsOf(['MENTION_EVERYONE']) })).mentionEveryone).toBe(true);
    expect(keptMentions({ ...asked, mentionEveryone: false }, place({ authorPermissions: ALL_PERMISSIONS })).mentionEveryone).toBe(false);
  });

  it('never keeps @everyone in a direct conversation', () => {
    expect(keptMentions(asked, place({ conversation: true, authorPermissions: ALL_PERMISSIONS })).mentionEveryone).toBe(false);
  });
});
