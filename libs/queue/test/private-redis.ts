export { PrivateRedis } from '../src/testing/private-redis';
