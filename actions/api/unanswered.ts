/**
 * The calls of an API client not answered yet, so that one can wait for all of them — including calls nobody awaits
 * (a part loaded after the page: the phone's gift) and the calls their answers start (ApiClient.settled).
 */
export class Unanswered {
  private readonly calls = new Set<Promise<unknown>>();

  /** Notes `answer` until it settles; returns it unchanged. */
  track<T>(answer: Promise<T>): Promise<T> {
    const done = answer.then(() => undefined, () => undefined);
    this.calls.add(done);
    void done.then(() => this.calls.delete(done));
    return answer;
  }

  /** Resolves once no call is waiting and what the answers started (a store set in a `.then`, another call) has run. */
  async settled(): Promise<void> {
    do {
      while (this.calls.size > 0) await Promise.allSettled([...this.calls]);
      // the answers' continuations, and any call they start, run before the next task
      await new Promise((r) => setTimeout(r, 0));
    } while (this.calls.size > 0);
  }
}
