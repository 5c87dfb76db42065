import { deviceTokenFor, rememberDeviceToken, type KeyValueStore } from '../src/device-tokens.js';

const memoryStore = (initial: Record<string, string> = {}): KeyValueStore & { items: Record<string, string> } => {
  const items = { ...initial };
  return { items, getItem: (key) => items[key] ?? null, setItem: (key, value) => void (items[key] = value) };
};

describe('the device tokens the page keeps', () => {
  it('gives back the token kept for a name, whatever its case and spaces, and nothing for another', () => {
    const store = memoryStore();
    rememberDeviceToken(store, ['Ann', 'ann@example.com'], 'token-1');
    rememberDeviceToken(store, ['__proto__'], 'token-2');
    expect([deviceTokenFor(store, ' ANN '), deviceTokenFor(store, 'Ann@Example.com'), deviceTokenFor(store, 'bob'), deviceTokenFor(store, '__proto__')]).toEqual([
      'token-1',
      'token-1',
      undefined,
      'token-2',
    ]);
  });

  it('keeps the newest token of a name, and the newest 20 names', () => {
    const store = memoryStore();
    for (let i = 0; i < 25; i++) rememberDeviceToken(store, [`user${i}`], `token-${i}`);
    rememberDeviceToken(store, ['user5'], 'token-5b');
    expect([deviceTokenFor(store, 'user0'), deviceTokenFor(store, 'user6'), deviceTokenFor(store, 'user5'), deviceTokenFor(store, 'user24')]).toEqual([
      undefined,
      'token-6',
      'token-5b',
      'token-24',
    ]);
    expect(Object.keys(JSON.parse(store.items['chat.deviceTokens'] ?? '{}'))).toHaveLength(20);
  });

  it('treats unreadable or refusing storage as holding nothing', () => {
    expect(deviceTokenFor(memoryStore({ 'chat.deviceTokens': 'not json' }), 'ann')).toBeUndefined();
    expect(deviceTokenFor(memoryStore({ 'chat.deviceTokens': '["a"]' }), '0')).toBeUndefined();
    const refusing: KeyValueStore = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(() => rememberDeviceToken(refusing, ['ann'], 'token')).not.toThrow();
    expect(deviceTokenFor(refusing, 'ann')).toBeUndefined();
  });
});
