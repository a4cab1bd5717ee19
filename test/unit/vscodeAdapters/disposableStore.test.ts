// The disposables' owner: everything registered is disposed once, newest first, even when one throws.
import * as assert from 'node:assert/strict';
import { Disposable, DisposableStore } from '../../../src/vscode/disposableStore';

function recorder(log: string[], name: string, fails = false) {
  return {
    dispose: () => {
      log.push(name);
      if (fails) throw new Error(`${name} failed`);
    },
  };
}

describe('DisposableStore', () => {
  it('disposes what it holds newest first, and only once', () => {
    const log: string[] = [];
    const store = new DisposableStore();
    store.add(recorder(log, 'a'));
    store.add(recorder(log, 'b'));
    store.dispose();
    store.dispose();
    assert.deepEqual(log, ['b', 'a']);
  });

  it('disposes at once what is added after it was disposed', () => {
    const log: string[] = [];
    const store = new DisposableStore();
    store.dispose();
    store.add(recorder(log, 'late'));
    assert.deepEqual(log, ['late']);
  });

  it('disposes the rest when one throws, then throws that error', () => {
    const log: string[] = [];
    const store = new DisposableStore();
    store.add(recorder(log, 'a'));
    store.add(recorder(log, 'b', true));
    store.add(recorder(log, 'c'));
    assert.throws(() => store.dispose(), /b failed/);
    assert.deepEqual(log, ['c', 'b', 'a']);
  });
});

describe('Disposable', () => {
  it('disposes what a subclass registered when it is disposed', () => {
    const log: string[] = [];
    class Owner extends Disposable {
      constructor() {
        super();
        this._register(recorder(log, 'subscription'));
        this._register(recorder(log, 'emitter'));
      }
    }
    new Owner().dispose();
    assert.deepEqual(log, ['emitter', 'subscription']);
  });
});
