/**
 * Resolves in a new task, so the browser can paint and answer input in between: a message to
 * ourselves, which (unlike a timer) a background tab does not hold back. boot.ts has its own copy
 * of these lines: it imports nothing, to stay one small request.
 */
export const nextTask = () =>
  new Promise<void>((done) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done();
    channel.port2.postMessage(null);
  });
