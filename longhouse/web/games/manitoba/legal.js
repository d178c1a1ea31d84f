// The seat's legal actions (as the server sends them) sorted by the object on the board they belong to, so
// that each area, disk, path, sector, place and good knows whether clicking it does something.
export function indexLegal(legal, texts) {
  const ix = {
    count: legal.length, take: {}, wakeup: {}, place: {}, move: {}, moveFrom: {}, vision: {}, wake: {},
    end: null, pass: null, store: {}, ceremony: {}, good: {}, repeat: {}, recall: {}, drop: {}, score: {},
    refill: {}, wampumWake: null, wampumTrade: {},
  };
  legal.forEach((a, i) => {
    const x = { a, text: texts[i] || a.type };
    switch (a.type) {
      case "take": ix.take[a.colour] = x; break;
      case "wakeup": ix.wakeup[a.disks] = x; break;
      case "place": ix.place[a.area] = x; break;
      case "move":
        (ix.move[a.from] ||= {})[a.to] = x;
        ix.moveFrom[a.from] = true;
        break;
      case "vision": ix.vision[a.path] = x; break;
      case "wake": ix.wake[a.cree] = x; break;
      case "end": ix.end = x; break;
      case "pass": ix.pass = x; break;
      case "store": ix.store[a.sector] = x; break;
      case "ceremony": ix.ceremony[a.place] = x; break;
      case "good": ix.good[a.good] = x; break;
      case "repeat": ix.repeat[a.path] = x; break;
      case "recall": ix.recall[a.area] = x; break;
      case "drop": ix.drop[a.sector] = x; break;
      case "score": ix.score[a.good] = x; break;
      case "refill": ix.refill[a.area] = x; break;
      case "wampum_wake": ix.wampumWake = x; break;
      case "wampum_trade": ix.wampumTrade[a.sector] = x; break;
      default: break;
    }
  });
  return ix;
}

// Whether clicking a sector of my storage does something, and what.
export function sectorAction(ix, sector) {
  return ix.store[sector] || ix.drop[sector] || ix.score[sector] || null;
}
