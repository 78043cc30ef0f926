// The reference page of bench/lighthouse: Next's defaults, no options of ours.
export default {};
