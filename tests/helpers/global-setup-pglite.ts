export { setupPgliteTemplate as default } from "./templates";
