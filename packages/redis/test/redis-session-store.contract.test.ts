import { RedisSessionStore } from '@toolcraft/redis';
import { sessionStoreContract } from '../../core/test/contracts/session-store.contract';
import { deleteKeysUnder, sharedRedis, uniqueKeyPrefix } from './support/test-redis';

const client = sharedRedis();
const runPrefix = uniqueKeyPrefix('session-contract');
let tests = 0;
let store: RedisSessionStore | undefined;

sessionStoreContract(
  'RedisSessionStore',
  () => {
    tests += 1;
    store = new RedisSessionStore({ connection: client, keyPrefix: `${runPrefix}${tests}:` });
    return store;
  },
  async () => {
    await store?.close();
    await deleteKeysUnder(client, runPrefix);
  },
);

afterAll(() => {
  client.disconnect();
});
