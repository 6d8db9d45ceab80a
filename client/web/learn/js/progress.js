// Course progress, kept in this browser (localStorage): which lessons are done, and the
// last one opened. Lessons can always be replayed; progress only marks them.

const KEY = "spades.learn.progress";

function load() {
  try {
    const data = JSON.parse(localStorage.getItem(KEY) || "{}");
    return { done: data.done && typeof data.done === "object" ? data.done : {}, last: data.last || null };
  } catch {
    return { done: {}, last: null };
  }
}

function save(data) {
  try {
    localStorage.setItem(KEY, JSON.stringify(data));
  } catch {
    // private mode or full storage: progress is simply not kept
  }
}

export const progress = {
  isDone: (id) => !!load().done[id],
  doneCount: (ids) => ids.filter((id) => load().done[id]).length,
  markDone(id) {
    const data = load();
    data.done[id] = Date.now();
    save(data);
  },
  opened(id) {
    const data = load();
    data.last = id;
    save(data);
  },
  last: () => load().last,
  reset: () => save({ done: {}, last: null }),
};
