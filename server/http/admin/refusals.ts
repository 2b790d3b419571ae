/**
 * A route's work whose refusals (the service's own errors: fields not valid, not found, changed
 * meanwhile) `refusal` turns into the route's 4xx; any other error goes on to the error handler.
 */
export function refusingWith(refusal: (error: unknown) => never) {
  return async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      return refusal(error);
    }
  };
}
