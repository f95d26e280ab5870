export function App() { return <p>hello</p>; }
