// The API's type for the site's typed client (Eden treaty). A type-only re-export: importing it brings no API code
// into a browser bundle, which is why it is the one non-contract module the site may import (decision 006).
export type { App } from "./app";
