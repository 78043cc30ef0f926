// Preloaded into the production server (SERVER_NODE_FLAGS in server-command.mjs).
// A route handler in Next cannot see the TCP connection, and Next fills
// X-Forwarded-For from the socket only when the client sent none, so that
// header proves nothing. Before Next sees a request, this writes the
// connection's own address into a private header, overwriting any value the
// client sent under that name; src/server/http/client-address.ts reads it.
const http = require("node:http");

const PEER_ADDRESS_HEADER = "x-takes-peer-address";
const emit = http.Server.prototype.emit;

http.Server.prototype.emit = function emitWithPeerAddress(event, request, ...rest) {
  if (event === "request" && request && request.headers) {
    request.headers[PEER_ADDRESS_HEADER] = (request.socket && request.socket.remoteAddress) || "";
  }
  return emit.call(this, event, request, ...rest);
};
