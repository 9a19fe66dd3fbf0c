import 'reflect-metadata';
// AgentContext is imported as a value so that TypeScript emits its runtime type for injection.
import { Agent, AgentContext, type ChatModel, ToolRegistry } from '@toolcraft/core';
import { LLMDescription, Tool } from '@toolcraft/core/annotations';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** The arguments of add_todo, as one Args class. */
export class AddTodoArgs {
  @LLMDescription('What to do')
  @IsString()
  @MaxLength(200)
  title!: string;

  @LLMDescription('How urgent it is')
  @IsOptional()
  @IsIn(['low', 'normal', 'high'])
  priority: 'low' | 'normal' | 'high' = 'normal';
}

/** A to-do list as an ordinary service class whose methods are tools. */
export class TodoService {
  private readonly todos: Array<{ id: number; title: string; priority: string; done: boolean }> = [];

  /** Adds a to-do and remembers who added it in the run state. */
  @Tool({ customName: 'add_todo' })
  @LLMDescription('Adds an item to the to-do list and returns its id.')
  add(args: AddTodoArgs, context: AgentContext): string {
    const id = this.todos.length + 1;
    this.todos.push({ id, title: args.title, priority: args.priority, done: false });
    context.state.set('todo.last_added', id);
    return `Added #${id} (${args.priority}): ${args.title}`;
  }

  /** Marks a to-do done. */
  @Tool({ customName: 'complete_todo' })
  @LLMDescription('Marks the item with this id as done.')
  complete(@LLMDescription('The id returned by add_todo') id: number): string {
    const todo = this.todos.find((item) => item.id === id);
    if (!todo) throw new Error(`there is no to-do #${id}; ids so far: ${this.todos.map((item) => item.id).join(', ') || 'none'}`);
    todo.done = true;
    return `Done: #${id} ${todo.title}`;
  }

  /** Lists the to-dos. */
  @Tool({ customName: 'list_todos' })
  @LLMDescription('Lists every to-do with its state.')
  list(): Array<{ id: number; title: string; priority: string; done: boolean }> {
    return this.todos.map((todo) => ({ ...todo }));
  }
}

/**
 * Builds an agent over the service's annotated methods.
 * @param model - the chat model
 * @param service - the service instance (its methods are bound to it)
 * @returns the agent
 */
export function createTodoAgent(model: ChatModel, service = new TodoService()): Agent {
  return new Agent({
    model,
    name: 'todo_agent',
    registry: ToolRegistry.of(service),
    instructions: 'You manage a to-do list with the tools.',
  });
}
