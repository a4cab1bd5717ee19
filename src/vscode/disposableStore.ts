// Who owns what must be disposed (the pattern of vscode-pull-request-github's lifecycle.ts): a store that
// disposes what it holds once, newest first, and a base class whose subclasses `_register` what they own
// instead of hand-writing `dispose()`. Typed structurally, so it needs no 'vscode' at run time.

/** Anything with a `dispose()`: a VS Code Disposable, an event emitter, a registration. */
export interface DisposableLike {
  dispose(): unknown;
}

/** The disposables of one owner, disposed together, newest first; one that throws does not stop the rest. */
export class DisposableStore implements DisposableLike {
  private readonly items: DisposableLike[] = [];
  private disposed = false;

  /** Takes `item` into the store; once the store is disposed, disposes it at once instead. */
  add<T extends DisposableLike>(item: T): T {
    if (this.disposed) item.dispose();
    else this.items.push(item);
    return item;
  }

  /** Disposes every item (later ones first) and then throws the first error any of them threw. */
  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    const errors: unknown[] = [];
    for (const item of this.items.splice(0).reverse()) {
      try {
        item.dispose();
      } catch (error) {
        errors.push(error);
      }
    }
    if (errors.length > 0) throw errors[0];
  }
}

/** A base for classes that own disposables: `_register` each one; `dispose()` disposes them all. */
export abstract class Disposable implements DisposableLike {
  private readonly store = new DisposableStore();

  /** Owns `item`: it is disposed with this object. */
  protected _register<T extends DisposableLike>(item: T): T {
    return this.store.add(item);
  }

  dispose(): void {
    this.store.dispose();
  }
}
