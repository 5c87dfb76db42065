import { InMemoryFileStore } from '../testing';
import { describeFileStoreContract } from '../testing/contracts';

describeFileStoreContract('in memory', async () => new InMemoryFileStore());
