import { createMemoryStores, InMemoryEventHistory, MemoryState, memoryUnitOfWork } from '../testing';
import { describeEventLogContract, describeStoreContracts } from '../testing/contracts';

describeStoreContracts('in-memory', async () => createMemoryStores());

// Like a database shared by every test and never emptied: one state for all the suites, so a test
// that assumed an empty store would fail here.
const shared = createMemoryStores();
describeStoreContracts('in-memory, one state shared by every suite', async () => shared);

describeEventLogContract('in-memory', async () => {
  const state = new MemoryState();
  const stores = createMemoryStores(state);
  return { stores, unitOfWork: memoryUnitOfWork(stores), history: new InMemoryEventHistory(state), place: async () => {} };
});
