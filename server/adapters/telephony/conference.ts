/**
 * The name of an order's conference, shared by whoever places the calls (`PlaceCall.conference`)
 * and the Twilio adapter, which finds the conference again by this name to end it.
 */
export function conferenceNameOf(orderId: string): string {
  return `order-${orderId}`;
}
