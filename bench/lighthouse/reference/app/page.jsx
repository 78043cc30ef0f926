import Counter from "./counter";

export default function Page() {
  return (
    <main>
      <h1>Reference page</h1>
      <p>A heading, a paragraph and one interactive button: the framework&apos;s own start-up and nothing of ours.</p>
      <Counter />
    </main>
  );
}
