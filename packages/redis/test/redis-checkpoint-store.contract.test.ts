import { RedisCheckpointStore } from '@toolcraft/redis';
import { checkpointStoreContract } from '../../core/test/contracts/checkpoint-store.contract';
import { deleteKeysUnder, sharedRedis, uniqueKeyPrefix } from './support/test-redis';

const client = sharedRedis();
const runPrefix = uniqueKeyPrefix('checkpoint-contract');
let tests = 0;
let store: RedisCheckpointStore | undefined;

checkpointStoreContract(
  'RedisCheckpointStore',
  () => {
    tests += 1;
    store = new RedisCheckpointStore({ connection: client, keyPrefix: `${runPrefix}${tests}:` });
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
