declare const __BUILD_ID__: string;

/** Id of the build this code comes from (vite `define`); the worker name carries it so builds never share a hub. */
export const BUILD_ID: string = __BUILD_ID__;
