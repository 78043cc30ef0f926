export { setupPostgresTemplate as default } from "./templates";
