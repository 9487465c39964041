// A network that drops traffic, for one recipe call. Every HTTP(S) request (which is also how a
// WebSocket opens) and every fetch is accepted and never answered: it ends only when the caller
// destroys it, aborts its signal or lets its own `timeout` option fire, as over a network where
// packets are lost. With `probe: true` the SDK's connectivity check (HEAD https://www.google.com) is
// answered, so that the SDK goes on to its witness checks and meets the dropped traffic there. Raw
// sockets are refused. `attempts` counts what was tried.
import {EventEmitter} from 'node:events';
import http from 'node:http';
import https from 'node:https';
import {syncBuiltinESMExports} from 'node:module';
import net from 'node:net';
import tls from 'node:tls';

/** A request nobody answers, with the parts of http.ClientRequest that callers use. */
class DroppedRequest extends EventEmitter {
  constructor(options) {
    super();
    this.destroyed = false;
    this.socket = null;
    this.aborted = false;
    if (options?.timeout) this.timer = setTimeout(() => this.emit('timeout'), options.timeout);
    const signal = options?.signal;
    if (signal) {
      const abort = () => this.destroy(Object.assign(new Error('The operation was aborted'), {name: 'AbortError'}));
      if (signal.aborted) queueMicrotask(abort);
      else signal.addEventListener('abort', abort, {once: true});
    }
  }
  setHeader() {}
  getHeader() {}
  removeHeader() {}
  setTimeout(ms, callback) {
    clearTimeout(this.timer);
    if (callback) this.once('timeout', callback);
    this.timer = setTimeout(() => this.emit('timeout'), ms);
    return this;
  }
  setNoDelay() {}
  setSocketKeepAlive() {}
  write() {
    return true;
  }
  end() {
    return this;
  }
  abort() {
    this.aborted = true;
    this.destroy();
  }
  destroy(error) {
    if (this.destroyed) return this;
    this.destroyed = true;
    clearTimeout(this.timer);
    queueMicrotask(() => {
      if (error) this.emit('error', error);
      this.emit('close');
    });
    return this;
  }
}

const optionsOf = (args) => args.find((a) => typeof a === 'object' && a !== null && !(a instanceof URL)) ?? {};
const urlOf = (args) => {
  const first = args[0];
  if (typeof first === 'string' || first instanceof URL) return String(first);
  return `${first?.protocol ?? 'http:'}//${first?.hostname ?? first?.host ?? ''}${first?.path ?? ''}`;
};

export function installDroppingNetwork({probe = false} = {}) {
  const originals = {
    httpRequest: http.request,
    httpGet: http.get,
    httpsRequest: https.request,
    httpsGet: https.get,
    netConnect: net.connect,
    netCreateConnection: net.createConnection,
    tlsConnect: tls.connect,
    fetch: globalThis.fetch,
  };
  const state = {attempts: []};
  const request = (...args) => {
    const url = urlOf(args);
    state.attempts.push(url);
    const callback = args.find((a) => typeof a === 'function');
    const req = new DroppedRequest(optionsOf(args));
    if (probe && /^https:\/\/www\.google\.com\/?$/.test(url) && callback) {
      // Answered: like a real request, its timeout stops with the response.
      clearTimeout(req.timer);
      setImmediate(() => callback({statusCode: 200, resume() {}, on() {}}));
    }
    return req;
  };
  http.request = request;
  https.request = request;
  http.get = (...args) => http.request(...args).end();
  https.get = (...args) => https.request(...args).end();
  const refuse = () => {
    throw new Error('raw sockets are refused by the test network');
  };
  net.connect = refuse;
  net.createConnection = refuse;
  tls.connect = refuse;
  globalThis.fetch = (input, init) =>
    new Promise((_, reject) => {
      state.attempts.push(String(input?.url ?? input));
      const signal = init?.signal;
      signal?.addEventListener('abort', () => reject(signal.reason ?? new Error('aborted')), {once: true});
    });
  syncBuiltinESMExports();
  return {
    state,
    uninstall() {
      http.request = originals.httpRequest;
      http.get = originals.httpGet;
      https.request = originals.httpsRequest;
      https.get = originals.httpsGet;
      net.connect = originals.netConnect;
      net.createConnection = originals.netCreateConnection;
      tls.connect = originals.tlsConnect;
      globalThis.fetch = originals.fetch;
      syncBuiltinESMExports();
    },
  };
}
