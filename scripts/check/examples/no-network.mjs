// Preloaded with `node --import` by scripts/check/code-examples.mjs. It makes every way a program could
// reach the network throw, so that an example marked as offline really runs offline.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import {syncBuiltinESMExports} from 'node:module';
import net from 'node:net';
import tls from 'node:tls';

const blocked = (what) =>
  function () {
    throw new Error(`network access is disabled in documentation examples (${what})`);
  };

net.connect = blocked('net.connect');
net.createConnection = blocked('net.createConnection');
net.Socket.prototype.connect = blocked('net.Socket.connect');
tls.connect = blocked('tls.connect');
http.request = blocked('http.request');
http.get = blocked('http.get');
https.request = blocked('https.request');
https.get = blocked('https.get');
dns.lookup = blocked('dns.lookup');
dns.resolve = blocked('dns.resolve');
dns.promises.lookup = blocked('dns.promises.lookup');
dns.promises.resolve = blocked('dns.promises.resolve');
globalThis.fetch = async () => {
  throw new TypeError('fetch failed: network access is disabled in documentation examples');
};
if ('WebSocket' in globalThis) globalThis.WebSocket = blocked('WebSocket');
syncBuiltinESMExports();
