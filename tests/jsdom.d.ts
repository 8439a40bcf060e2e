// The little of jsdom's API the tests use outside the components project's jsdom environment (a
// window whose parser reads HTML as a browser does); jsdom ships no types of its own.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
