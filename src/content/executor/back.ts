export function back(): void {
  history.back();
}
