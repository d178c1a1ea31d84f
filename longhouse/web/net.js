// A websocket that reconnects by itself (reload, network drop) and hands JSON messages to a handler, every
// text the hall sent as data (a table's state: its catalog id and parameters) put into the page's words.
import { words } from "./i18n.js";

export class Socket {
  /**
   * @param {string} path
   * @param {(msg: any) => void} onMessage
   * @param {(status: "online" | "closed" | "reconnecting", code?: number) => void} [onStatus]
   */
  constructor(path, onMessage, onStatus = () => {}) {
    this.path = path;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.delay = 500;
    this.closed = false;
    this.open();
  }

  open() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    this.ws = new WebSocket(`${proto}//${location.host}${this.path}`);
    this.ws.onopen = () => { this.delay = 500; this.onStatus("online"); };
    this.ws.onmessage = (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      this.onMessage(e.data.includes('"$') ? words(msg) : msg);
    };
    this.ws.onclose = (e) => {
      if (this.closed || e.code === 4401 || e.code === 4404 || e.code === 4403) {
        this.onStatus("closed", e.code);
        return;
      }
      this.onStatus("reconnecting");
      // 1012: the hall restarts (or hands this table to another process); 1013: the table is moving between
      // processes. Back at once (spread over a quarter second, so a whole hall does not come back in one
      // instant); any other close, after a growing delay.
      const soon = e.code === 1012 || e.code === 1013;
      setTimeout(() => { if (!this.closed) this.open(); }, soon ? Math.random() * 250 : this.delay);
      if (!soon) this.delay = Math.min(this.delay * 2, 8000);
    };
  }

  send(msg) {
    if (this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  close() {
    this.closed = true;
    this.ws.close();
  }
}

export async function api(path, body) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const r = await fetch(path, init);
  const data = await r.json().catch(() => ({}));
  if (!r.ok) {
    const err = /** @type {Error & { code?: string }} */ (new Error(data.error || `request failed (${r.status})`));
    err.code = data.code;
    throw err;
  }
  return data;
}
