/**
 * A deprecation is an error in the integration tests (vitest reports it as an uncaught exception
 * and the run fails), so what the next major version of a library removes fails now: pg's
 * queries sent to one client while it was busy, which pg 9 refuses, went unnoticed as a warning
 * each worker printed once. Set here, not as `--throw-deprecation` in the workers' execArgv,
 * which the forks pool did not pass on.
 */
process.throwDeprecation = true;
