import { isDatabaseUnavailable } from './database-unavailable';

describe('isDatabaseUnavailable', () => {
  it.each([
    [{ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }, true],
    [{ code: '55000', message: 'database "x" is not currently accepting connections' }, true],
    [{ message: 'Connection terminated unexpectedly' }, true],
    [{ name: 'QueryFailedError', message: 'x', driverError: { code: '57P01', message: 'terminating connection due to administrator command' } }, true],
    [{ message: 'wrapped', cause: { code: '53300' } }, true],
    [{ code: '23505', message: 'duplicate key value violates unique constraint' }, false],
    [{ code: '22P02', message: 'invalid input syntax for type uuid' }, false],
    [new Error('something else'), false],
    [null, false],
  ])('%j → %s', (error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});
