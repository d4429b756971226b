import { TaskList } from "./TaskList";
import { useTasks } from "../api/use-tasks";
import styles from "./App.module.css";

export interface AppProps {
  teamId: string;
}

export function App({ teamId }: AppProps) {
  const { tasks, loading } = useTasks(teamId);
  if (loading) return <p role="status">Loading tasks…</p>;
  return (
    <main className={styles.app}>
      <h1>Team tasks</h1>
      <TaskList tasks={tasks} />
    </main>
  );
}
