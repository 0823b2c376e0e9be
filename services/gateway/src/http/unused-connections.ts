import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The server's connections and how many answers each is writing, so a close can end the ones no
 * request holds: Node's `closeIdleConnections` leaves a connection that has not sent a request
 * yet (browsers and fetch open one ahead), and closes once, when the close begins, so a kept-alive
 * connection whose answer ends after it stays open too; either held the close until the shutdown
 * grace cut every connection.
 */
export function trackUnusedConnections(server: Server): { closeUnused(): void } {
  const answering = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    answering.set(socket, 0);
    socket.once('close', () => answering.delete(socket));
  });
  server.on('request', (request, response) => {
    const socket = request.socket;
    answering.set(socket, (answering.get(socket) ?? 0) + 1);
    response.once('close', () => {
      const count = answering.get(socket);
      if (count !== undefined) answering.set(socket, count - 1);
    });
  });
  return {
    closeUnused() {
      for (const [socket, count] of answering) if (count === 0) socket.destroy();
    },
  };
}
