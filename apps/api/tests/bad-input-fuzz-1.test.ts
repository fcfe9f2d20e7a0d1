// Bad input never answers 5xx and changes nothing (bad-input-fuzz.ts): shard 1 of the routes.
import { fuzzRoutes } from './bad-input-fuzz';

await fuzzRoutes(0, 2);
