import styles from "./TaskCard.module.css";

export interface TaskCardProps {
  title: string;
  done: boolean;
  onToggle: () => void;
}

export function TaskCard({ title, done, onToggle }: TaskCardProps) {
  return (
    <li className={styles.card}>
      <label>
        <input type="checkbox" checked={done} onChange={onToggle} /> {title}
      </label>
    </li>
  );
}
