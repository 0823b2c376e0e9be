/** A request that got no answer, or an answer without a message (see readableErrorMessage). */
export const requestErrors = {
  network: 'The server could not be reached. Check the connection and try again.',
  status: 'The server answered with an error (HTTP {{status}}).',
} as const;
