"""Training wrappers: WithLossCell, TrainOneStepCell, loss scaling."""
__all__ = []
